/**
 * Sign-in (spec 01 §2, §5, §8): email, password and, when drawn or demanded by the server, the
 * captcha — shown with the refusal that makes it required, not after one more attempt. Success returns to the deep link the user came from when allowed, else to
 * landingRoute(permissions) (authProvider.login answers redirectTo; `signIn` calls it and goes there).
 * Plain React (src/auth/signInForm.tsx): /login is drawn before the admin's code (src/main.tsx).
 */
import { useCallback, useEffect, useState } from 'react';
import type { LoginParams } from '../../authProvider/index';
import { errorCode } from '../../dataProvider/errors';
import { nextPathFrom } from '../routes/routeAccess';
import { signInText as text } from '../shared/signInText';
import { captchaDraw, captchaShown, fetchCaptcha, type Captcha } from './authApi';
import { loadAuthSchemas, validateLazily } from './authSchemas';
import { CaptchaField } from './CaptchaField';
import { InvalidFormNotice, SignInAlert, SignInField, useSignInForm, type FieldErrors } from './signInForm';

type Values = {
  email: string;
  password: string;
  captcha: string;
};

const EMPTY: Values = { email: '', password: '', captcha: '' };

type ErrorDetails = { body?: { details?: Array<{ code?: string; message?: string }> } };

function detailMessage(error: unknown): string | undefined {
  return (error as ErrorDetails).body?.details?.[0]?.message;
}

/** A refusal after which the next attempt must carry the captcha (server/auth/login.ts): it is shown at once. */
function captchaRequiredNext(error: unknown): boolean {
  return Boolean((error as ErrorDetails).body?.details?.some((detail) => detail.code === 'CaptchaRequired'));
}

interface Props {
  onForgot(): void;
  /** The router's location state: `passwordSaved`/`activated` after a recovery, the deep link to return to. */
  locationState: unknown;
  /** authProvider.login, then on to its redirectTo. */
  signIn(params: LoginParams): Promise<unknown>;
}

/** The schema's messages (i18n keys) appear after the first submit and then follow each change; a server refusal of the captcha comes back as the captcha input's error. */
export function LoginForm({ onForgot, locationState, signIn }: Props) {
  const state = locationState as { passwordSaved?: boolean; activated?: boolean } | null;
  const nextPath = nextPathFrom(locationState);
  const [failure, setFailure] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [showCaptcha, setShowCaptcha] = useState(false);
  const [busy, setBusy] = useState(false);

  const validate = useCallback((values: Values) => validateLazily((schemas) => schemas.loginSchema(showCaptcha), values), [showCaptcha]);

  /** The field errors for the form, or undefined; the general failure goes to the alert. */
  const fail = (error: unknown): FieldErrors | undefined => {
    const code = errorCode(error);
    const status = (error as { status?: number }).status;
    if (code === 'CaptchaRequired' || code === 'CaptchaInvalid') {
      setShowCaptcha(true);
      setFailure(null);
      void reloadCaptcha();
      return { captcha: detailMessage(error) ?? 'validation.login.captcha_required' };
    }
    if (status === 400 || status === 429) {
      setFailure((error as { message?: string }).message ?? 'auth.login.failed');
    } else {
      setFailure('auth.login.failed');
    }
    if (captchaRequiredNext(error)) setShowCaptcha(true);
    if (showCaptcha || captchaRequiredNext(error)) void reloadCaptcha();
    return undefined;
  };

  const submit = async (values: Values) => {
    setBusy(true);
    setFailure(null);
    try {
      await signIn({
        email: values.email.trim(),
        password: values.password,
        ...(showCaptcha && captcha ? { captcha: values.captcha.trim(), captchaId: captcha.captchaId } : {}),
        nextPath,
      });
      return undefined;
    } catch (error) {
      return fail(error);
    } finally {
      setBusy(false);
    }
  };

  const form = useSignInForm(EMPTY, validate, submit);
  const { setValue } = form;

  const reloadCaptcha = useCallback(async () => {
    try {
      const next = await fetchCaptcha();
      setCaptcha(next);
      // An answer belongs to one image: each new image empties the input.
      setValue('captcha', '', false);
      return next;
    } catch {
      return null;
    }
  }, [setValue]);

  useEffect(() => {
    let active = true;
    void fetchCaptcha()
      .then((first) => {
        setCaptcha(first);
        if (active) setShowCaptcha(captchaShown(captchaDraw(), first.requestValue));
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);

  // The schemas (yup, ~13 KiB gz) start loading at the visitor's first key or press in the form, not on mount: the
  // sign-in page's first load stays small (bench/firstLoad.ts counts every script until the network is
  // idle). The email field has the focus from the start, so focus is no signal; the first submit awaits them anyway.
  const startSchemas = useCallback(() => void loadAuthSchemas(), []);

  return (
    <form onSubmit={(event) => void form.handleSubmit(event)} noValidate>
      <div className="public-stack" role="group" aria-label={text('auth.login.title')} onKeyDownCapture={startSchemas} onPointerDownCapture={startSchemas}>
        {state?.passwordSaved && !failure && <SignInAlert severity="success">{text(state.activated ? 'auth.login.account_activated' : 'auth.login.password_saved')}</SignInAlert>}
        {failure && <SignInAlert severity="error">{text(failure)}</SignInAlert>}
        <SignInField {...form.field('email')} type="email" label="auth.login.email" autoComplete="username" maxLength={150} autoFocus />
        <SignInField {...form.field('password')} type="password" label="auth.login.password" autoComplete="current-password" />
        {showCaptcha && <CaptchaField captcha={captcha} onReload={() => void reloadCaptcha()} field={form.field('captcha')} />}
        <button type="submit" className="public-button public-button--large" disabled={busy}>
          {text('auth.login.submit')}
        </button>
        <button type="button" className="public-link" onClick={onForgot}>
          {text('auth.login.forgot')}
        </button>
      </div>
      <InvalidFormNotice invalidSubmits={form.invalidSubmits} />
    </form>
  );
}
