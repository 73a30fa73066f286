/**
 * The sign-in forms' yup schemas (authProvider/schemas.ts), loaded by the forms rather than with the first chunk:
 * yup is ~9 KiB gz of /login (docs/decisions/0022-first-load-budget.md). react-admin's Form accepts an async validate.
 */
import type { AnyObjectSchema } from 'yup';

type AuthSchemas = typeof import('../../authProvider/schemas');

/** Starts (or joins) the schemas' import; the forms call it early (the sign-in form on the first key or press) so the first submit does not wait. */
export function loadAuthSchemas(): Promise<AuthSchemas> {
  return import('../../authProvider/schemas');
}

/** Field → first message key of `schemaOf(schemas)` for `values`; empty when they are valid. */
export async function validateLazily(schemaOf: (schemas: AuthSchemas) => AnyObjectSchema, values: Record<string, unknown>): Promise<Record<string, string>> {
  const schemas = await loadAuthSchemas();
  return schemas.validateWith(schemaOf(schemas), values);
}
