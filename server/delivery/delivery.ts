/**
 * The delivery API (`GET /delivery/{siteAlias}`, issue 24): what applies to one portal now, from every declaration with
 * a `delivery` part (resources/types.ts `ResourceDelivery`): its rows that apply now (`appliesNow`), whose audience
 * reaches the portal (server/audience/resolve.ts `audienceReachesSiteSql`, the resolver's rule turned around for one
 * site) and, with `?userType=`, of that user type; in the declaration's order, with the declared fields only. A
 * singleton (banner settings) is answered whole, as one object, to every portal.
 *
 * Cost: one read of the site by its alias (unique index) and, per declaration, one read of the rows that apply now
 * (a partial index over the published rows in their order); each row's audience is tested against the one site, so
 * the number of portals (35,000) never enters the work (docs/decisions/0031-contents-and-delivery.md).
 */
import { createHash } from 'node:crypto';
import { resources } from '../../resources/index';
import { fieldColumn, isGeneratedResource, type ResourceDeclaration, type ResourceDelivery } from '../../resources/types';
import { audienceReachesSiteSql } from '../audience/resolve';
import type { Database } from '../db/connection';
import { defaultRecord, toRecord } from '../resources/fields';
import { fieldSchema } from '../resources/openapi';
import { readConditions } from '../resources/readSql';
import { readRelations } from '../resources/relations';
import { SINGLETON_ID } from '../resources/shape';

type Delivered = ResourceDeclaration & { delivery: ResourceDelivery };

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The declarations portals receive, in the order of resources/index.ts. */
export function deliveredDeclarations(list: readonly unknown[] = resources): Delivered[] {
  return (list as ResourceDeclaration[]).filter((declaration): declaration is Delivered => isGeneratedResource(declaration) && declaration.delivery !== undefined);
}

/** What is wrong with a declaration's delivery part (empty when nothing): checked when the route is registered. */
export function deliveryProblems(declaration: Delivered): string[] {
  const { delivery } = declaration;
  const field = (source: string) => declaration.fields.find((candidate) => candidate.source === source);
  const problems: string[] = [];
  // A list without an audience goes to every portal (the current policy versions); one with an audience to those it reaches.
  if (declaration.singleton ? delivery.audience || delivery.appliesNow || delivery.userType : delivery.audience !== undefined && field(delivery.audience)?.type !== 'audience') {
    problems.push(declaration.singleton ? 'a singleton is delivered whole: no audience, appliesNow nor userType' : `${delivery.audience} is not an audience field`);
  }
  if (delivery.userType && !delivery.audience) problems.push('userType needs an audience');
  if (delivery.userType && field(delivery.userType)?.type !== 'enum') problems.push(`${delivery.userType} is not an enum field`);
  for (const source of delivery.fields) if (!field(source) || field(source)!.hidden || field(source)!.writeOnly) problems.push(`${source} is not a readable field`);
  if (!/^[a-z][A-Za-z]*$/.test(delivery.key)) problems.push(`the key ${delivery.key} must be camelCase letters`);
  return problems;
}

/** Refuses, when the route is registered, a declaration whose delivery part names what it cannot deliver. */
export function assertDeliveries(list?: readonly unknown[]): void {
  for (const declaration of deliveredDeclarations(list)) {
    const problems = deliveryProblems(declaration);
    if (problems.length > 0) throw new Error(`${declaration.name}: delivery: ${problems.join('; ')}`);
  }
}

/** The site a delivery is asked for, with what its audience rules read. */
export interface DeliverySite {
  id: number;
  alias: string;
}

export async function findDeliverySite(database: Database, alias: string): Promise<DeliverySite | null> {
  const [row] = await database.query<DeliverySite>('select id, alias from sites where lower(alias) = lower($1) and not is_deleted', [alias]);
  return row ?? null;
}

/** The delivered fields' columns (or computed expressions) of the row aliased `t`, each named by its field. */
function deliveredColumns(declaration: Delivered): string[] {
  return declaration.fields
    .filter((candidate) => declaration.delivery.fields.includes(candidate.source) && candidate.type !== 'manyToMany')
    .map((candidate) => `${candidate.computed ? `(${candidate.computed.sql})` : `t.${quoted(fieldColumn(candidate))}`} as ${quoted(candidate.source)}`);
}

/** The statement of one declaration's delivered rows for site `$1` (and user type `$2` when given). */
export function deliverySql(declaration: Delivered, withUserType: boolean): string {
  const { delivery } = declaration;
  const field = (source: string) => declaration.fields.find((candidate) => candidate.source === source)!;
  const selected = deliveredColumns(declaration);
  const conditions = [
    ...readConditions(declaration),
    ...(delivery.appliesNow ? [`(${delivery.appliesNow})`] : []),
    ...(delivery.audience ? [audienceReachesSiteSql(`t.${quoted(fieldColumn(field(delivery.audience)))}`)] : []),
    ...(withUserType && delivery.userType ? [`t.${quoted(fieldColumn(field(delivery.userType)))} = $2`] : []),
  ];
  const sort = field(declaration.sort.field);
  const id = field(declaration.idField);
  return `select ${selected.join(', ')} from ${quoted(declaration.table)} t cross join (select * from sites where id = $1) s
    where ${conditions.join(' and ')}
    order by t.${quoted(fieldColumn(sort))} ${declaration.sort.order === 'DESC' ? 'desc' : 'asc'}, t.${quoted(fieldColumn(id))}`;
}

export type DeliveryAnswer = { siteAlias: string } & Record<string, unknown>;

/** Everything that applies to the site now, by each declaration's key. */
export async function deliveryFor(database: Database, site: DeliverySite, userType: string | null, list?: readonly unknown[]): Promise<DeliveryAnswer> {
  const answer: DeliveryAnswer = { siteAlias: site.alias };
  for (const declaration of deliveredDeclarations(list)) {
    const pick = (record: Record<string, unknown>) => Object.fromEntries(declaration.delivery.fields.map((source) => [source, record[source] ?? null]));
    if (declaration.singleton) {
      const id = fieldColumn(declaration.fields.find((field) => field.source === declaration.idField)!);
      const [row] = await database.query<Record<string, unknown>>(`select ${deliveredColumns(declaration).join(', ')} from ${quoted(declaration.table)} t where t.${quoted(id)} = $1`, [SINGLETON_ID]);
      answer[declaration.delivery.key] = pick(row ? toRecord(declaration, row) : defaultRecord(declaration, SINGLETON_ID));
      continue;
    }
    const params: unknown[] = userType && declaration.delivery.userType ? [site.id, userType] : [site.id];
    const rows = await database.query<Record<string, unknown>>(deliverySql(declaration, params.length > 1), params);
    const records = await readRelations(database.db, declaration, rows.map((row) => toRecord(declaration, row)));
    answer[declaration.delivery.key] = records.map(pick);
  }
  return answer;
}

/** A strong tag of the answer's bytes: equal answers, equal tags, whatever moved elsewhere (a clock, another site). */
export const deliveryEtag = (body: string): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** OpenAPI: the answer, from the declarations (each key a list of its declared fields), with an example. */
export function deliveryResponseSchema(list?: readonly unknown[]): Record<string, unknown> {
  const properties: Record<string, unknown> = { siteAlias: { type: 'string', description: 'Alias del portal' } };
  for (const declaration of deliveredDeclarations(list)) {
    const fields = declaration.delivery.fields.map((source) => declaration.fields.find((field) => field.source === source)!);
    const item = { type: 'object', properties: Object.fromEntries(fields.map((field) => [field.source, fieldSchema(field)])) };
    properties[declaration.delivery.key] = declaration.singleton ? item : { type: 'array', items: item };
  }
  return {
    type: 'object',
    properties,
    example: {
      siteAlias: 'alcaldia-de-medellin',
      contents: [
        {
          contentID: 12,
          name: 'Actualiza los datos de tu entidad',
          body: '<p>Antes del 30 de junio revisa y actualiza la información de contacto de tu entidad.</p>',
          externalLink: 'https://www.gov.co/',
          nameButtonUrl: 'Ver más',
          showMode: '1',
          showForTypeUserId: '1',
          isRequired: true,
          showFromDate: '2026-06-01T05:00:00.000Z',
          showToDate: '2026-06-30T05:00:00.000Z',
          image: { fileID: '2f7c0c1e-6b1a-4a57-9a43-1b0c5f1e7a10', filePath: '/api/v1/files/2f7c0c1e-6b1a-4a57-9a43-1b0c5f1e7a10', isImage: true, name: 'aviso.png' },
          displayOrder: 1,
        },
      ],
      banners: [
        {
          bannerID: 3,
          title: 'Trámites en línea',
          subtitle: 'Haz tus trámites sin filas',
          description: 'Persona usando un computador',
          link: 'https://www.gov.co/',
          image: { fileID: '7d1e5b2a-3c4f-4e8a-9b6d-0a1b2c3d4e5f', filePath: '/api/v1/files/7d1e5b2a-3c4f-4e8a-9b6d-0a1b2c3d4e5f', isImage: true, name: 'tramites.png' },
          cover: { fileID: '8e2f6c3b-4d5a-4f9b-8c7e-1b2c3d4e5f60', filePath: '/api/v1/files/8e2f6c3b-4d5a-4f9b-8c7e-1b2c3d4e5f60', isImage: true, name: 'tramites.png' },
          positionX: 50,
          positionY: 40,
          urlVideo: null,
          embedUrl: null,
          videoThumbnail: null,
          showText: true,
          styleCenter: false,
          isRequired: false,
          displayOrder: 1,
        },
      ],
      bannerSettings: { position: '1', rotation: 5 },
      globalLogos: [
        {
          globalLogoId: 4,
          name: 'Gov.co',
          image: { fileID: '9f3a7d4c-5e6b-4a0c-9d8f-2c3d4e5f6071', filePath: '/api/v1/files/9f3a7d4c-5e6b-4a0c-9d8f-2c3d4e5f6071', isImage: true, name: 'govco.png' },
          url: 'https://www.gov.co/',
          position: 1,
        },
      ],
      contentLogos: [
        {
          globalLogoId: 7,
          name: 'Sello de calidad',
          image: { fileID: 'a04b8e5d-6f7c-4b1d-8e90-3d4e5f607182', filePath: '/api/v1/files/a04b8e5d-6f7c-4b1d-8e90-3d4e5f607182', isImage: true, name: 'sello.png' },
          position: 1,
        },
      ],
    },
  };
}
