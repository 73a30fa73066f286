/**
 * Validation of the sign-in and recovery forms (spec 01 §5). Pure yup schemas whose messages are
 * i18n keys (validation.login.*); `validateWith` turns a failure into { field: key }.
 */
import * as yup from 'yup';

/** Lowercase e-mail pattern (spec 01 §5: "lowercase e-mail pattern"). */
export const LOWERCASE_EMAIL = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;
export const EMAIL_MAX = 150;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 50;

export interface LoginValues {
  email: string;
  password: string;
  captcha?: string;
}

export function loginSchema(captchaRequired: boolean) {
  return yup.object({
    email: yup
      .string()
      .trim()
      .required('validation.login.email_required')
      .max(EMAIL_MAX, 'validation.login.email_invalid')
      .matches(LOWERCASE_EMAIL, 'validation.login.email_invalid'),
    password: yup.string().required('validation.login.password_required'),
    captcha: captchaRequired
      ? yup.string().trim().required('validation.login.captcha_required')
      : yup.string().optional(),
  });
}

export const recoveryRequestSchema = yup.object({
  email: yup
    .string()
    .trim()
    .required('validation.login.recovery_email')
    .max(EMAIL_MAX, 'validation.login.recovery_email')
    .matches(LOWERCASE_EMAIL, 'validation.login.recovery_email'),
});

/** Spec 01 §5: 'New password: required, 6 to 50 characters' with one message for the whole rule (as the server answers). */
export const newPasswordSchema = yup.object({
  password: yup
    .string()
    .required('validation.login.new_password')
    .min(PASSWORD_MIN, 'validation.login.new_password')
    .max(PASSWORD_MAX, 'validation.login.new_password'),
  confirmPassword: yup
    .string()
    .required('validation.login.passwords_mismatch')
    .oneOf([yup.ref('password')], 'validation.login.passwords_mismatch'),
});

/** Field → first message key; empty when the values are valid. */
export function validateWith(schema: yup.AnyObjectSchema, values: Record<string, unknown>): Record<string, string> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const result: Record<string, string> = {};
    for (const failure of error.inner.length > 0 ? error.inner : [error]) {
      const path = failure.path ?? '';
      if (!(path in result)) result[path] = String(failure.message);
    }
    return result;
  }
}
