/**
 * Request bodies of sign-in and recovery (spec 01 §5), with i18n keys as messages.
 * Pure yup: the login and recovery screens may import them too.
 */
import * as yup from 'yup';
import { trimmedLowerString, trimmedString } from '../../resources/text';
import { SUPERADMIN_EMAIL_PATTERN as EMAIL_PATTERN } from '../../resources/superadmins';

export { EMAIL_PATTERN };

const normalizedEmail = trimmedLowerString;

export const loginSchema = yup.object({
  email: normalizedEmail()
    .required('validation.login.email_required')
    .max(150, 'validation.login.email_invalid')
    .matches(EMAIL_PATTERN, { message: 'validation.login.email_invalid', excludeEmptyString: true }),
  password: yup.string().required('validation.login.password_required'),
  captcha: trimmedString().optional(),
  captchaId: trimmedString().optional(),
});

export type LoginBody = yup.InferType<typeof loginSchema>;

export const recoveryRequestSchema = yup.object({
  email: normalizedEmail()
    .required('validation.login.recovery_email')
    .max(200, 'validation.login.recovery_email')
    .matches(EMAIL_PATTERN, { message: 'validation.login.recovery_email', excludeEmptyString: true }),
});

export const newPasswordSchema = yup.object({
  password: yup
    .string()
    .required('validation.login.new_password')
    .test('min', 'validation.login.new_password', (value) => !value || value.length >= 6)
    .max(50, 'validation.login.new_password'),
  confirmPassword: yup
    .string()
    .required('validation.login.passwords_mismatch')
    .oneOf([yup.ref('password')], 'validation.login.passwords_mismatch'),
});
