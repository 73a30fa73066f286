/**
 * /recordar-clave/:token (spec 01 §2, §8): the token is validated on arrival (invalid → not
 * found); the new password is saved (→ /login with 'Tu nueva contraseña ha sido guardada'),
 * a failed change goes to '/'.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { newPasswordSchema, PASSWORD_MAX, validateWith } from '../../authProvider/schemas';
import { NOT_FOUND_PATH } from '../pages/NotFoundPage';
import { PublicShell } from '../pages/PublicShell';
import { Spinner } from '../shared/Spinner';
import { useText } from '../shared/useText';
import { checkResetToken, saveNewPassword } from './authApi';
import { PlainTextField } from '../shared/PlainTextField';

export function RecoveryPage() {
  const text = useText();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [email, setEmail] = useState<string | null>(null);
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    checkResetToken(token)
      .then((answer) => {
        if (!active) return;
        if (answer.valid) setEmail(answer.email ?? '');
        else navigate(NOT_FOUND_PATH, { replace: true });
      })
      .catch(() => active && navigate(NOT_FOUND_PATH, { replace: true }));
    return () => {
      active = false;
    };
  }, [token, navigate]);

  const change = (field: 'password' | 'confirmPassword', value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    const found = validateWith(newPasswordSchema, next);
    // Before the first submit only a too long password is reported, as soon as it is typed (never cut).
    if (submitted) setErrors(found);
    else setErrors(next.password.length > PASSWORD_MAX && found.password ? { password: found.password } : {});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateWith(newPasswordSchema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await saveNewPassword(token, values.password, values.confirmPassword);
      navigate('/login', { replace: true, state: { passwordSaved: true } });
    } catch {
      navigate('/', { replace: true });
    }
  };

  if (email === null) {
    return (
      <PublicShell title="auth.recovery.title">
        <Spinner message="auth.recovery.checking" />
      </PublicShell>
    );
  }

  return (
    <PublicShell title="auth.recovery.title">
      <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={text('auth.recovery.title')}>
        {email && <Typography color="text.secondary">{text('auth.recovery.text', { email })}</Typography>}
        <PlainTextField
          name="password"
          type="password"
          label={text('auth.recovery.password')}
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password ? text(errors.password) : undefined}
          autoComplete="new-password"
          fullWidth
        />
        <PlainTextField
          name="confirmPassword"
          type="password"
          label={text('auth.recovery.confirm_password')}
          value={values.confirmPassword}
          onChange={(event) => change('confirmPassword', event.target.value)}
          error={Boolean(errors.confirmPassword)}
          helperText={errors.confirmPassword ? text(errors.confirmPassword) : undefined}
          autoComplete="new-password"
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {text('auth.recovery.submit')}
        </Button>
      </Stack>
    </PublicShell>
  );
}
