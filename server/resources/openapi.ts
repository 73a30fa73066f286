/**
 * OpenAPI documentation of a declared resource, derived from its fields. Bodies are documented
 * permissively (no `required`, no length limits enforced, numbers untyped) so that the yup schema,
 * not the JSON schema validator, answers every refusal with its Spanish message; the record schema
 * (used for the answers) carries the full types and limits.
 */
import { fieldKind, isNullable } from '../../resources/fieldKinds';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { t } from '../i18n';
import { writableFields } from './fields';

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
  const description = [fieldDescription(field), kindSchema.description].filter(Boolean).join('. ');
  // `nullable` needs a `type` beside it: a kind without one (json) already admits null.
  return { ...kindSchema, description, ...(nullable && kindSchema.type ? { nullable: true } : {}) };
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
    if (fieldKind(field).text) properties[field.source] = { type: 'string', nullable: true, description };
    else properties[field.source] = { description: `${description} (${fieldKind(field).typeName})` };
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
