/**
 * The public reads of the request wizard (spec 01 §7, issue 9), declared as views of the site-request declaration
 * (resources/siteRequests.ts `views`: `public`, capped per client address by NEW_SITE_RATE_LIMITS.read, answered 429 in
 * Spanish): locations, entity types, the sites of a location and type (no administrator or user data) and the
 * request texts with their versions. Each answer is serialised by its schema: a column a future query adds is dropped,
 * never leaked. Registered by server/resources/services/siteRequests.ts.
 */
import { COUNTRY_ROOT_LOCATION_ID } from '../../resources/locations';
import { queryRows } from '../db/rows';
import { badArgument } from '../http/errors';
import type { ViewHandler } from '../resources/services/base';
import { wizardSitesSql } from './submit';
import { readRequestTerms } from './terms';

const namedList = (extra: Record<string, unknown> = {}) => ({
  type: 'array',
  items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, ...extra } },
});

const positiveInt = (value: unknown): number | null => {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const number = Number(value);
  return number <= 2_147_483_647 ? number : null;
};

const versioned = { type: 'object', properties: { text: { type: 'string' }, version: { type: 'integer' } } };

const wizardLocations: ViewHandler = {
  summary: 'Departamentos (sin parentLocationId) o los municipios de un departamento, para el asistente público de solicitud',
  querySchema: { type: 'object', properties: { parentLocationId: { type: 'string', description: 'Departamento cuyos municipios se piden' } } },
  responseSchema: namedList(),
  serialize: true,
  errorResponses: [400],
  run: async ({ app, request }) => {
    const raw = (request.query as { parentLocationId?: unknown }).parentLocationId;
    const parent = raw === undefined || raw === '' ? COUNTRY_ROOT_LOCATION_ID : positiveInt(raw);
    if (parent === null) throw badArgument('parentLocationId', 'errors.invalid_request');
    return app.ctx.database.query('select id, name from locations where parent_location_id = $1 order by name', [parent]);
  },
};

const wizardSiteTypes: ViewHandler = {
  summary: 'Tipos de entidad, con su orden (0 departamental, 1 municipal, null a elegir), para el asistente público',
  responseSchema: namedList({ orderType: { type: 'integer', nullable: true } }),
  serialize: true,
  run: async ({ app }) => app.ctx.database.query('select id, name, order_type as "orderType" from site_types order by id'),
};

const wizardSites: ViewHandler = {
  summary:
    'Entidades de un lugar (municipio, o departamento para las departamentales) y un tipo: id, nombre, instalada y con solicitud pendiente; ningún dato de administradores ni usuarios',
  querySchema: {
    type: 'object',
    properties: { locationId: { type: 'string', description: 'Municipio o departamento' }, siteTypeId: { type: 'string', description: 'Tipo de entidad' } },
  },
  responseSchema: namedList({ installed: { type: 'boolean' }, pendingRequest: { type: 'boolean' } }),
  serialize: true,
  errorResponses: [400],
  run: async ({ db, request }) => {
    const query = request.query as { locationId?: unknown; siteTypeId?: unknown };
    const locationId = positiveInt(query.locationId);
    const siteTypeId = positiveInt(query.siteTypeId);
    if (locationId === null) throw badArgument('locationId', 'validation.site.department_required');
    if (siteTypeId === null) throw badArgument('siteTypeId', 'validation.site.site_type_required');
    return queryRows(db, wizardSitesSql(locationId, siteTypeId));
  },
};

const wizardTerms: ViewHandler = {
  summary: 'Términos de la solicitud de portal y política de tratamiento de datos, cada uno con su versión (configuración)',
  responseSchema: { type: 'object', properties: { terms: versioned, dataTreatment: versioned } },
  serialize: true,
  run: async ({ app }) => readRequestTerms(app.ctx.database),
};

/** The wizard's views by their declared names (resources/siteRequests.ts). */
export const wizardViews: Record<string, ViewHandler> = { wizardLocations, wizardSiteTypes, wizardSites, wizardTerms };
