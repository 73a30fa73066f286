/**
 * Sign-in (spec 01 §2, §5, §8): email, password and, when drawn or demanded by the server, the
 * captcha — shown with the refusal that makes it required, not after one more attempt. Success returns to the deep link the user came from when allowed, else to
 * landingRoute(permissions) (authProvider.login answers redirectTo).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Form, TextInput, useLogin } from 'react-admin';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { errorCode } from '../../dataProvider/errors';
import { nextPathFrom } from '../routes/routeAccess';
import { useText } from '../shared/useText';
import { captchaDraw, captchaShown, fetchCaptcha, type Captcha } from './authApi';
import { loadAuthSchemas, validateLazily } from './authSchemas';
import { CaptchaField } from './CaptchaField';

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

/**
 * react-admin's Form (react-hook-form): the schema's messages (i18n keys) appear after the first submit and
 * then follow each change; a server refusal of the captcha comes back as the captcha input's error.
 */
export function LoginForm({ onForgot }: { onForgot: () => void }) {
  const text = useText();
  const login = useLogin();
  const location = useLocation();
  const passwordSaved = Boolean((location.state as { passwordSaved?: boolean } | null)?.passwordSaved);
  const nextPath = nextPathFrom(location.state);
  const [failure, setFailure] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [showCaptcha, setShowCaptcha] = useState(false);
  const [busy, setBusy] = useState(false);

  const reloadCaptcha = useCallback(async () => {
    try {
      const next = await fetchCaptcha();
      setCaptcha(next);
      return next;
    } catch {
      return null;
    }
  }, []);

  useEffect(() => {
    let active = true;
    void reloadCaptcha().then((first) => {
      if (active && first) setShowCaptcha(captchaShown(captchaDraw(), first.requestValue));
    });
    return () => {
      active = false;
    };
  }, [reloadCaptcha]);

  // The schemas (yup, ~13 KiB gz) start loading at the visitor's first key or press in the form, not on mount: the
  // sign-in page's first load stays within its budget (bench/firstLoad.ts counts every script until the network is
  // idle). The email field has the focus from the start, so focus is no signal; the first submit awaits them anyway.
  const startSchemas = useCallback(() => void loadAuthSchemas(), []);
  const validate = useCallback((values: Record<string, unknown>) => validateLazily((schemas) => schemas.loginSchema(showCaptcha), values), [showCaptcha]);

  /** The field errors for the form, or undefined; the general failure goes to the alert. */
  const fail = (error: unknown): Record<string, string> | undefined => {
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

  const submit = async (values: Partial<Values>) => {
    setBusy(true);
    setFailure(null);
    try {
      await login({
        email: (values.email ?? '').trim(),
        password: values.password ?? '',
        ...(showCaptcha && captcha ? { captcha: (values.captcha ?? '').trim(), captchaId: captcha.captchaId } : {}),
        nextPath,
      });
      return undefined;
    } catch (error) {
      return fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form defaultValues={EMPTY} validate={validate} onSubmit={submit} noValidate>
      <Stack spacing={2} role="group" aria-label={text('auth.login.title')} onKeyDownCapture={startSchemas} onPointerDownCapture={startSchemas}>
        {passwordSaved && !failure && <Alert severity="success">{text((location.state as { activated?: boolean }).activated ? 'auth.login.account_activated' : 'auth.login.password_saved')}</Alert>}
        {failure && (
          <Alert severity="error" role="alert">
            {text(failure)}
          </Alert>
        )}
        <TextInput
          source="email"
          type="email"
          label="auth.login.email"
          autoComplete="username"
          slotProps={{ htmlInput: { maxLength: 150 } }}
          autoFocus
          fullWidth
          helperText={false}
        />
        <TextInput source="password" type="password" label="auth.login.password" autoComplete="current-password" fullWidth helperText={false} />
        {showCaptcha && <CaptchaField captcha={captcha} onReload={() => void reloadCaptcha()} />}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {text('auth.login.submit')}
        </Button>
        <Link component="button" type="button" onClick={onForgot} sx={{ alignSelf: 'center' }}>
          {text('auth.login.forgot')}
        </Link>
      </Stack>
    </Form>
  );
}
