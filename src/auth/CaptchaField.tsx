/**
 * The sign-in form's captcha: the server's PNG image at its own size (280×90, narrower on a narrow screen), a
 * labelled reload button and the `captcha` input (the form empties it with each new image: src/auth/LoginForm.tsx).
 */
import { signInText as text } from '../shared/signInText';
import { captchaImageSource, type Captcha } from './authApi';
import { SignInField } from './signInForm';

interface Props {
  captcha: Captcha | null;
  onReload: () => void;
  field: { name: string; value: string; error?: string; onValue(value: string): void };
}

/** MUI's Refresh icon. */
const REFRESH = 'M17.65 6.35C16.2 4.9 14.21 4 12 4c-4.42 0-7.99 3.58-7.99 8s3.57 8 7.99 8c3.73 0 6.84-2.55 7.73-6h-2.08c-.82 2.33-3.04 4-5.65 4-3.31 0-6-2.69-6-6s2.69-6 6-6c1.66 0 3.14.69 4.22 1.78L13 11h7V4z';

export function CaptchaField({ captcha, onReload, field }: Props) {
  return (
    <div className="public-captcha">
      <div className="public-captcha__row">
        {captcha && <img className="public-captcha__image" src={captchaImageSource(captcha.image)} alt={text('auth.login.captcha_image')} />}
        {/* A button with its text, not an icon behind a tooltip. */}
        <button type="button" className="public-button public-button--text" onClick={onReload}>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
            <path d={REFRESH} />
          </svg>
          {text('auth.login.captcha_reload')}
        </button>
      </div>
      <SignInField {...field} label="auth.login.captcha" autoComplete="off" helperText="auth.login.captcha_help" />
    </div>
  );
}
