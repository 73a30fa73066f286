/**
 * OpenAPI documentation of a declared resource, derived from its fields. Bodies are documented
 * permissively (no `required`, no length limits enforced, numbers untyped) so that the yup schema,
 * not the JSON schema validator, answers every refusal with its Spanish message; the record schema
 * (used for the answers) carries the full types and limits.
 */
import { AUDIENCE_WIRES } from '../../resources/audience';
import { fieldKind, isNullable } from '../../resources/fieldKinds';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { t } from '../i18n';
import { bodyNamesId, idFieldOf, listView, writableFields } from './fields';

type JsonSchema = Record<string, unknown>;

function fieldDescription(field: FieldDeclaration): string {
  const parts = [t(field.label)];
  if (fieldKind(field).text && field.maxLength) parts.push(`Máximo ${field.maxLength} caracteres.`);
  if (field.type === 'reference' && field.reference) parts.push(`Identificador de ${field.reference.resource}.`);
  if (field.readOnly) parts.push('Lo asigna el servidor.');
  return parts.join('. ').replace(/\.\./g, '.');
}

/** The full type of a field in an answer: its kind's schema, nullable as its column (server/db/resourceTable.ts). */
export function fieldSchema(field: FieldDeclaration): JsonSchema {
  const nullable = field.type !== 'id' && isNullable(field);
  const kindSchema = fieldKind(field).openApi(field);
  const base = [fieldDescription(field), kindSchema.description].filter(Boolean).join('. ');
  const description = field.detailOnly
    ? `${base}${base.endsWith('.') ? '' : '.'} Solo en la lectura de un registro y en las respuestas de crear y modificar; la lista no lo incluye.`
    : base;
  // `nullable` needs a `type` beside it: a kind without one (json) already admits null.
  return { ...kindSchema, description, ...(nullable && kindSchema.type ? { nullable: true } : {}) };
}

/**
 * The spec's wire keys of the declaration's audience fields (`wire`): documented in answers and bodies, the same
 * audience as the field (resources/audience.ts `AUDIENCE_WIRES`).
 */
function audienceWireSchemas(declaration: ResourceDeclaration): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  const idItem = (key: string): JsonSchema => ({ type: 'object', properties: { [key]: { type: 'integer' } } });
  const locationItem: JsonSchema = { type: 'object', properties: { locationID: { type: 'integer' }, location: { type: 'object', properties: { parentLocationId: { type: 'integer', nullable: true } } } } };
  const locationModel: JsonSchema = {
    type: 'object',
    properties: { locationType: { type: 'string', enum: ['Department', 'Municipality'] }, locationCode: { type: 'integer' }, parentLocationId: { type: 'integer', nullable: true } },
  };
  for (const field of declaration.fields) {
    if (field.type !== 'audience' || !field.wire || field.hidden) continue;
    const [segment, locations, siteTypes, groups] = AUDIENCE_WIRES[field.wire].keys as [string, string, string, string];
    const content = field.wire === 'content';
    const note = `La audiencia (${field.source}) en la forma de la especificación; un cuerpo puede enviarla así en lugar de ${field.source}.`;
    schemas[segment] = { type: 'integer', enum: [0, 1, 2], description: `Segmento: 0 país, 1 ubicaciones, 2 grupos. ${note}` };
    schemas[locations] = { type: 'array', items: content ? locationModel : locationItem, description: note };
    schemas[siteTypes] = { type: 'array', items: idItem(content ? 'siteTypeId' : 'siteTypeID'), description: note };
    schemas[groups] = { type: 'array', items: idItem(content ? 'groupId' : 'groupID'), description: note };
  }
  return schemas;
}

export function recordSchema(declaration: ResourceDeclaration): JsonSchema {
  return {
    type: 'object',
    properties: {
      ...Object.fromEntries(declaration.fields.filter((field) => !field.hidden && !field.writeOnly).map((field) => [field.source, fieldSchema(field)])),
      ...audienceWireSchemas(declaration),
    },
  };
}

/** What a create/update body may carry: documented, validated by the declaration's yup schema. */
export function bodySchema(declaration: ResourceDeclaration, mode: 'create' | 'update' = 'update'): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const named = bodyNamesId(declaration, mode) ? [idFieldOf(declaration)] : [];
  for (const field of [...named, ...writableFields(declaration)]) {
    const description = fieldDescription(field);
    if (fieldKind(field).text) properties[field.source] = { type: 'string', nullable: true, description };
    else properties[field.source] = { description: `${description} (${fieldKind(field).typeName})` };
  }
  const wire = Object.fromEntries(Object.entries(audienceWireSchemas(declaration)).map(([key, schema]) => [key, { description: schema.description }]));
  return {
    type: 'object',
    description: 'Validado en el servidor; cada campo rechazado se informa en `error.details` con su `target`.',
    properties: { ...properties, ...wire },
  };
}

/** An object schema of these properties (hand-written answers: views and routes). */
export function objectSchema(properties: JsonSchema): JsonSchema {
  return { type: 'object', properties };
}

/** An array of objects of these properties. */
export function arrayOfObjects(properties: JsonSchema): JsonSchema {
  return { type: 'array', items: objectSchema(properties) };
}

/** An answer `{ ...others, results: [objects of these properties] }` (a hand-written list without the engine's `meta`). */
export function resultsSchema(properties: JsonSchema, others: JsonSchema = {}): JsonSchema {
  return objectSchema({ ...others, results: arrayOfObjects(properties) });
}

/**
 * The list envelope `{ results, meta: { hasNextPage } }` around one page of `items` (docs/decisions/0002-api-conventions.md),
 * with `meta.total` when the list answers it (`listTotal`).
 */
export function listEnvelopeSchema(items: JsonSchema, options: { total?: boolean; cursor?: boolean } = {}): JsonSchema {
  return {
    type: 'object',
    properties: {
      results: { type: 'array', items },
      meta: {
        type: 'object',
        properties: {
          hasNextPage: { type: 'boolean', description: 'Hay una página siguiente.' },
          ...(options.cursor
            ? { nextCursor: { type: 'string', description: 'Continuación: enviada con `page` siguiente como `cursor`, esa página se lee tras esta.' } }
            : {}),
          ...(options.total ? { total: { type: 'integer', description: 'Registros que cumplen la consulta (todas las páginas).' } } : {}),
        },
      },
    },
  };
}

/** A list page's answer: its records without the `detailOnly` fields (one record's read answers them). */
export function listResponseSchema(declaration: ResourceDeclaration): JsonSchema {
  return listEnvelopeSchema(recordSchema(listView(declaration)), { total: declaration.listTotal === true, cursor: declaration.listKeyset === true });
}

/** Most items one collection update takes (a larger body is refused before any work). */
export const COLLECTION_MAX_ITEMS = 1000;

/**
 * The body of a collection update: the whole list, each item a record body; an item carrying the id updates that
 * record, one without it is created, and the records missing from the list are deleted.
 */
export function collectionBodySchema(declaration: ResourceDeclaration): JsonSchema {
  const item = bodySchema(declaration);
  const idField = idFieldOf(declaration);
  const idDescription = `${t(idField.label)}: presente, modifica ese registro; ausente, se crea uno nuevo.`;
  return {
    type: 'array',
    maxItems: COLLECTION_MAX_ITEMS,
    description:
      'La colección completa: se modifican los elementos con identificador, se crean los demás y se eliminan los registros que no figuran. ' +
      'Cada rechazo se informa con el índice del elemento en su `target` (`items[2].name`).',
    items: { ...item, properties: { [idField.source]: { description: idDescription }, ...(item.properties as JsonSchema) } },
  };
}

const idParam = (declaration: ResourceDeclaration): JsonSchema => ({
  type: 'string',
  description: idFieldOf(declaration).type === 'id' ? 'Identificador del registro.' : `Identificador del registro (${t(idFieldOf(declaration).label)}).`,
});

/** The path parameters of the collection path: the parent's, for a nested resource; none otherwise. */
export function collectionParamsSchema(declaration: ResourceDeclaration): JsonSchema | undefined {
  if (!declaration.parent) return undefined;
  return {
    type: 'object',
    properties: { [declaration.parent.param]: { type: 'string', description: `Identificador del registro de ${declaration.parent.resource} al que pertenece.` } },
  };
}

/** The path parameters of the item path: the record's id (and the parent's, for a nested resource). */
export function itemParamsSchema(declaration: ResourceDeclaration): JsonSchema {
  const parent = collectionParamsSchema(declaration);
  return { type: 'object', properties: { ...(parent?.properties as JsonSchema | undefined), id: idParam(declaration) } };
}
