/**
 * Record-level validation for react-admin forms (`<Form validate>`) from a declaration's yup
 * schema: one message per field, translated from its i18n key, in the form's shape — a nested path
 * (`audience.departments`) becomes a nested error, as react-hook-form reads errors by path, so the
 * input of the object (AudienceInput) finds it under its own value.
 * (`@hookform/resolvers` is not installed; this adapter is all the engine needs.)
 */
import type { AnyObject, ObjectSchema } from 'yup';
import { ValidationError } from 'yup';

export type Translate = (key: string, options?: object) => string;

/** A form's errors: a message per field, or the errors of an object field's parts. */
export interface FormErrors {
  [field: string]: string | FormErrors;
}

/** Sets `message` at a dotted path, keeping the first message a field (or one of its parents) got. */
function setAtPath(errors: FormErrors, path: string, message: string): void {
  const keys = path.split('.');
  let node = errors;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (typeof next === 'string') return;
    node = next ?? (node[key] = {});
  }
  const leaf = keys.at(-1)!;
  if (!(leaf in node)) node[leaf] = message;
}

export function validationErrors(error: ValidationError, translate: Translate): FormErrors {
  const errors: FormErrors = {};
  const failures = error.inner.length > 0 ? error.inner : [error];
  for (const failure of failures) {
    setAtPath(errors, failure.path ?? '', translate(String(failure.message), { _: String(failure.message) }));
  }
  return errors;
}

/**
 * The yup context of a browser form: `{ form: true }`. A rule the server checks on the stored record instead (a body
 * may leave the field out) reads it to speak before sending, from the values the form holds (resources/contents.ts).
 */
export const FORM_CONTEXT = { form: true } as const;

export function yupValidate(schema: ObjectSchema<AnyObject>, translate: Translate) {
  return async (values: Record<string, unknown>): Promise<FormErrors> => {
    try {
      await schema.validate(values, { abortEarly: false, context: FORM_CONTEXT });
      return {};
    } catch (error) {
      if (error instanceof ValidationError) return validationErrors(error, translate);
      throw error;
    }
  };
}
