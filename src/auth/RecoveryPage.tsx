/**
 * /recordar-clave/:token (spec 01 §2, §8): the token is validated on arrival (invalid → not
 * found); the new password is saved (→ /login with 'Tu nueva contraseña ha sido guardada', or for an invitation
 * 'Tu cuenta está activa…'),
 * a failed change goes to '/'. The form is react-admin's Form, as the sign-in forms.
 * The same link invites a new superadmin (an account without a password yet): then the page reads as activating the
 * account ('Activa tu cuenta', 'Crea tu contraseña'), not as changing a password the person never had.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, TextInput } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../pages/NotFoundPage';
import { PublicShell } from '../pages/PublicShell';
import { Spinner } from '../shared/Spinner';
import { useText } from '../shared/useText';
import { checkResetToken, saveNewPassword } from './authApi';
import { loadAuthSchemas, validateLazily } from './authSchemas';
import { tooLongOnly } from './recoveryRules';

type Values = { password: string; confirmPassword: string };

/** The invitation's texts or the recovery's, each key written out (i18n/split.test.ts reads the keys a page uses). */
const PAGE_TEXTS = {
  recovery: { title: 'auth.recovery.title', text: 'auth.recovery.text', password: 'auth.recovery.password', submit: 'auth.recovery.submit' },
  activation: { title: 'auth.activation.title', text: 'auth.activation.text', password: 'auth.activation.password', submit: 'auth.activation.submit' },
} as const;

export function RecoveryPage() {
  const text = useText();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [email, setEmail] = useState<string | null>(null);
  const [invitation, setInvitation] = useState(false);
  const [busy, setBusy] = useState(false);
  /** Set by the submit button (a click, or Enter in a field, which clicks it): from then on every rule is shown. */
  const submitted = useRef(false);

  useEffect(() => {
    let active = true;
    checkResetToken(token)
      .then((answer) => {
        if (!active) return;
        if (answer.valid) {
          setInvitation(answer.invitation === true);
          setEmail(answer.email ?? '');
        } else navigate(NOT_FOUND_PATH, { replace: true });
      })
      .catch(() => active && navigate(NOT_FOUND_PATH, { replace: true }));
    return () => {
      active = false;
    };
  }, [token, navigate]);

  useEffect(() => {
    void loadAuthSchemas();
  }, []);
  // Before the first submit only a too long password is reported, as soon as it is typed (never cut).
  const validate = useCallback(async (values: Record<string, unknown>) => {
    const found = await validateLazily((schemas) => schemas.newPasswordSchema, values);
    return submitted.current ? found : tooLongOnly(values, found);
  }, []);

  const submit = async (values: Partial<Values>) => {
    setBusy(true);
    try {
      await saveNewPassword(token, values.password ?? '', values.confirmPassword ?? '');
      // An invitation's notice says the account is active (auth.login.account_activated), a recovery's that the password is saved.
      navigate('/login', { replace: true, state: { passwordSaved: true, activated: invitation } });
    } catch {
      navigate('/', { replace: true });
    }
  };

  if (email === null) {
    return (
      <PublicShell title="auth.recovery.checking_title">
        <Spinner message="auth.recovery.checking" />
      </PublicShell>
    );
  }

  const texts = PAGE_TEXTS[invitation ? 'activation' : 'recovery'];
  return (
    <PublicShell title={texts.title}>
      <Form defaultValues={{ password: '', confirmPassword: '' }} validate={validate} onSubmit={submit} mode="onChange" noValidate>
        <Stack spacing={2} role="group" aria-label={text(texts.title)}>
          {email && <Typography color="text.secondary">{text(texts.text, { email })}</Typography>}
          <TextInput source="password" type="password" label={texts.password} autoComplete="new-password" fullWidth helperText={false} />
          <TextInput
            source="confirmPassword"
            type="password"
            label="auth.recovery.confirm_password"
            autoComplete="new-password"
            fullWidth
            helperText={false}
          />
          <Button type="submit" variant="contained" disabled={busy} onClick={() => (submitted.current = true)}>
            {text(texts.submit)}
          </Button>
        </Stack>
      </Form>
    </PublicShell>
  );
}
