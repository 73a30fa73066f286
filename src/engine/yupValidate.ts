/**
 * Record-level validation for react-admin forms (`<Form validate>`) from a declaration's yup
 * schema: `{ field: message }`, one message per field, messages translated from their i18n keys.
 * (`@hookform/resolvers` is not installed; this adapter is all the engine needs.)
 */
import type { AnyObject, ObjectSchema } from 'yup';
import { ValidationError } from 'yup';

export type Translate = (key: string, options?: object) => string;

export function validationErrors(error: ValidationError, translate: Translate): Record<string, string> {
  const errors: Record<string, string> = {};
  const failures = error.inner.length > 0 ? error.inner : [error];
  for (const failure of failures) {
    const path = failure.path ?? '';
    if (!(path in errors)) errors[path] = translate(String(failure.message), { _: String(failure.message) });
  }
  return errors;
}

export function yupValidate(schema: ObjectSchema<AnyObject>, translate: Translate) {
  return async (values: Record<string, unknown>): Promise<Record<string, string>> => {
    try {
      await schema.validate(values, { abortEarly: false });
      return {};
    } catch (error) {
      if (error instanceof ValidationError) return validationErrors(error, translate);
      throw error;
    }
  };
}
