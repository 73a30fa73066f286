/**
 * OpenAPI documentation of a declared resource, derived from its fields. Bodies are documented
 * permissively (no `required`, no length limits enforced, numbers untyped) so that the yup schema,
 * not the JSON schema validator, answers every refusal with its Spanish message; the record schema
 * (used for the answers) carries the full types and limits.
 */
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { t } from '../i18n';
import { writableFields } from './fields';

type JsonSchema = Record<string, unknown>;

const TYPE_NAMES: Record<FieldDeclaration['type'], string> = {
  id: 'número entero',
  integer: 'número entero',
  decimal: 'número decimal',
  boolean: 'true o false',
  date: 'fecha ISO 8601',
  text: 'texto',
};

function fieldDescription(field: FieldDeclaration): string {
  const parts = [t(field.label)];
  if (field.type === 'text' && field.maxLength) parts.push(`Máximo ${field.maxLength} caracteres.`);
  if (field.readOnly) parts.push('Lo asigna el servidor.');
  return parts.join('. ').replace(/\.\./g, '.');
}

/** The full type of a field in an answer. */
export function fieldSchema(field: FieldDeclaration): JsonSchema {
  // Same nullability as the column (server/db/resourceTable.ts): text only when declared nullable.
  const nullable =
    field.type === 'text' ? field.nullable === true : field.type !== 'id' && field.type !== 'boolean' && field.nullable !== false;
  const base: JsonSchema = { description: fieldDescription(field) };
  switch (field.type) {
    case 'id':
    case 'integer':
      return { ...base, type: 'integer', ...(nullable ? { nullable: true } : {}) };
    case 'decimal':
      return { ...base, type: 'number', ...(nullable ? { nullable: true } : {}) };
    case 'boolean':
      return { ...base, type: 'boolean' };
    case 'date':
      return { ...base, type: 'string', format: 'date-time', ...(nullable ? { nullable: true } : {}) };
    case 'text':
      return { ...base, type: 'string', ...(field.maxLength ? { maxLength: field.maxLength } : {}), ...(nullable ? { nullable: true } : {}) };
  }
}

export function recordSchema(declaration: ResourceDeclaration): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(declaration.fields.map((field) => [field.source, fieldSchema(field)])),
  };
}

/** What a create/update body may carry: documented, validated by the declaration's yup schema. */
export function bodySchema(declaration: ResourceDeclaration): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of writableFields(declaration)) {
    const description = fieldDescription(field);
    if (field.type === 'text') properties[field.source] = { type: 'string', nullable: true, description };
    else if (field.type === 'boolean') properties[field.source] = { type: 'boolean', description };
    else properties[field.source] = { description: `${description} (${TYPE_NAMES[field.type]})` };
  }
  return {
    type: 'object',
    description: 'Validado en el servidor; cada campo rechazado se informa en `error.details` con su `target`.',
    properties,
  };
}

/** The list envelope `{ results, meta: { hasNextPage } }` around one page of `items` (docs/decisions.md 'API conventions'). */
export function listEnvelopeSchema(items: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      results: { type: 'array', items },
      meta: {
        type: 'object',
        properties: {
          hasNextPage: { type: 'boolean', description: 'Hay una página siguiente.' },
        },
      },
    },
  };
}

export function listResponseSchema(declaration: ResourceDeclaration): JsonSchema {
  return listEnvelopeSchema(recordSchema(declaration));
}

export const idParamsSchema: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string', description: 'Identificador del registro.' } },
};
