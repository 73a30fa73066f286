/**
 * The delivery API (`GET /delivery/{siteAlias}`, issue 24): what applies to one portal now, from every declaration with
 * a `delivery` part (resources/types.ts `ResourceDelivery`): its rows that apply now (`appliesNow`), whose audience
 * reaches the portal (server/audience/resolve.ts `audienceReachesSiteSql`, the resolver's rule turned around for one
 * site) and, with `?userType=`, of that user type; in the declaration's order, with the declared fields only.
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
import { toRecord } from '../resources/fields';
import { fieldSchema } from '../resources/openapi';
import { readConditions } from '../resources/readSql';
import { readRelations } from '../resources/relations';

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
  if (field(delivery.audience)?.type !== 'audience') problems.push(`${delivery.audience} is not an audience field`);
  if (delivery.userType && field(delivery.userType)?.type !== 'enum') problems.push(`${delivery.userType} is not an enum field`);
  for (const source of delivery.fields) if (!field(source) || field(source)!.hidden || field(source)!.writeOnly) problems.push(`${source} is not a readable field`);
  if (!/^[a-z][A-Za-z]*$/.test(delivery.key)) problems.push(`the key ${delivery.key} must be camelCase letters`);
  return problems;
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

/** The statement of one declaration's delivered rows for site `$1` (and user type `$2` when given). */
export function deliverySql(declaration: Delivered, withUserType: boolean): string {
  const { delivery } = declaration;
  const field = (source: string) => declaration.fields.find((candidate) => candidate.source === source)!;
  const audienceColumn = `t.${quoted(fieldColumn(field(delivery.audience)))}`;
  const selected = declaration.fields
    .filter((candidate) => delivery.fields.includes(candidate.source) && !candidate.computed && candidate.type !== 'manyToMany')
    .map((candidate) => `t.${quoted(fieldColumn(candidate))} as ${quoted(candidate.source)}`);
  const conditions = [
    ...readConditions(declaration),
    `(${delivery.appliesNow})`,
    audienceReachesSiteSql(audienceColumn),
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
    const params: unknown[] = userType && declaration.delivery.userType ? [site.id, userType] : [site.id];
    const rows = await database.query<Record<string, unknown>>(deliverySql(declaration, params.length > 1), params);
    const records = await readRelations(database.db, declaration, rows.map((row) => toRecord(declaration, row)));
    answer[declaration.delivery.key] = records.map((record) => Object.fromEntries(declaration.delivery.fields.map((source) => [source, record[source] ?? null])));
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
    properties[declaration.delivery.key] = { type: 'array', items: { type: 'object', properties: Object.fromEntries(fields.map((field) => [field.source, fieldSchema(field)])) } };
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
    },
  };
}
