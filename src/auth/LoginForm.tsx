/**
 * Sign-in (spec 01 §2, §5, §8): email, password and, when drawn or demanded by the server, the
 * captcha. Success returns to the deep link the user came from when allowed, else to
 * landingRoute(permissions) (authProvider.login answers redirectTo).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useLogin } from 'ra-core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { loginSchema, validateWith } from '../../authProvider/schemas';
import { errorCode } from '../../dataProvider/errors';
import { nextPathFrom } from '../routes/routeAccess';
import { useText } from '../shared/useText';
import { captchaDraw, captchaShown, fetchCaptcha, type Captcha } from './authApi';
import { CaptchaField } from './CaptchaField';
import { PlainTextField } from '../shared/PlainTextField';

type Values = {
  email: string;
  password: string;
  captcha: string;
};

const EMPTY: Values = { email: '', password: '', captcha: '' };

function detailMessage(error: unknown): string | undefined {
  return (error as { body?: { details?: Array<{ message?: string }> } }).body?.details?.[0]?.message;
}

export function LoginForm({ onForgot }: { onForgot: () => void }) {
  const text = useText();
  const login = useLogin();
  const location = useLocation();
  const passwordSaved = Boolean((location.state as { passwordSaved?: boolean } | null)?.passwordSaved);
  const nextPath = nextPathFrom(location.state);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [showCaptcha, setShowCaptcha] = useState(false);
  const [busy, setBusy] = useState(false);

  const reloadCaptcha = useCallback(async () => {
    setValues((current) => ({ ...current, captcha: '' }));
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

  const change = (field: keyof Values) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateWith(loginSchema(showCaptcha), next));
  };

  const fail = (error: unknown) => {
    const code = errorCode(error);
    const status = (error as { status?: number }).status;
    if (code === 'CaptchaRequired' || code === 'CaptchaInvalid') {
      setShowCaptcha(true);
      setErrors({ captcha: detailMessage(error) ?? 'validation.login.captcha_required' });
      setFailure(null);
      void reloadCaptcha();
      return;
    }
    if (status === 400 || status === 429) {
      setFailure((error as { message?: string }).message ?? 'auth.login.failed');
    } else {
      setFailure('auth.login.failed');
    }
    if (showCaptcha) void reloadCaptcha();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateWith(loginSchema(showCaptcha), values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await login({
        email: values.email.trim(),
        password: values.password,
        ...(showCaptcha && captcha ? { captcha: values.captcha.trim(), captchaId: captcha.captchaId } : {}),
        nextPath,
      });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={text('auth.login.title')}>
      {passwordSaved && !failure && <Alert severity="success">{text('auth.login.password_saved')}</Alert>}
      {failure && (
        <Alert severity="error" role="alert">
          {text(failure)}
        </Alert>
      )}
      <PlainTextField
        name="email"
        type="email"
        label={text('auth.login.email')}
        value={values.email}
        onChange={(event) => change('email')(event.target.value)}
        error={Boolean(errors.email)}
        helperText={errors.email ? text(errors.email) : undefined}
        autoComplete="username"
        inputProps={{ maxLength: 150 }}
        autoFocus
        fullWidth
      />
      <PlainTextField
        name="password"
        type="password"
        label={text('auth.login.password')}
        value={values.password}
        onChange={(event) => change('password')(event.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password ? text(errors.password) : undefined}
        autoComplete="current-password"
        fullWidth
      />
      {showCaptcha && (
        <CaptchaField
          captcha={captcha}
          value={values.captcha}
          error={errors.captcha}
          onChange={change('captcha')}
          onReload={() => void reloadCaptcha()}
        />
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {text('auth.login.submit')}
      </Button>
      <Link component="button" type="button" onClick={onForgot} sx={{ alignSelf: 'center' }}>
        {text('auth.login.forgot')}
      </Link>
    </Stack>
  );
}
