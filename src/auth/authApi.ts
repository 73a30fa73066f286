/** The public calls of the sign-in and recovery pages (spec 01 §7). */
import { httpClient } from '../../dataProvider/httpClient';

export interface Captcha {
  captchaId: string;
  /** A `data:image/png;base64,…` URL. */
  image: string;
  /** Setting Captcha.RequestValue: the captcha shows when a draw from 0 to 99 exceeds it. */
  requestValue: number;
}

export async function fetchCaptcha(): Promise<Captcha> {
  return (await httpClient<Captcha>('/captcha/')).json;
}

export async function requestPasswordReset(email: string): Promise<void> {
  await httpClient('/users/passwordreset/', { method: 'POST', body: { email } });
}

/** `invitation`: the account has no password yet (a new superadmin's link): setting one activates it. */
export interface ResetTokenCheck {
  valid: boolean;
  email?: string;
  invitation?: boolean;
}

export async function checkResetToken(token: string): Promise<ResetTokenCheck> {
  return (await httpClient<ResetTokenCheck>(`/users/passwordreset/${encodeURIComponent(token)}`)).json;
}

export async function saveNewPassword(token: string, password: string, confirmPassword: string): Promise<void> {
  await httpClient(`/users/passwordreset/${encodeURIComponent(token)}`, { method: 'PUT', body: { password, confirmPassword } });
}

/** An integer draw from 0 to 99 (spec 01 §2). */
export function captchaDraw(random: () => number = Math.random): number {
  return Math.floor(random() * 100);
}

/** The captcha appears when the draw exceeds the configured request value. */
export function captchaShown(draw: number, requestValue: number): boolean {
  return draw > requestValue;
}

/** The captcha as an image source: only the server's PNG data URL, nothing else is shown. */
export function captchaImageSource(image: string): string | undefined {
  return /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/.test(image) ? image : undefined;
}
