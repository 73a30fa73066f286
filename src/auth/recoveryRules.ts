/** The new-password form's rule before its first submit (spec 01 §5): only a password longer than the limit is reported. */
import { PASSWORD_MAX } from '../../authProvider/schemas';

/** Of the schema's `found` errors for `values`, the ones shown before the first submit: a too long password only. */
export function tooLongOnly(values: Record<string, unknown>, found: Record<string, string>): Record<string, string> {
  const password = typeof values.password === 'string' ? values.password : '';
  return password.length > PASSWORD_MAX && found.password ? { password: found.password } : {};
}
