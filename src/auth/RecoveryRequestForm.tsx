/** Password recovery request (spec 01 §2): e-mail only; the server always answers 200. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { recoveryRequestSchema, validateWith } from '../../authProvider/schemas';
import { useText } from '../shared/useText';
import { requestPasswordReset } from './authApi';
import { PlainTextField } from '../shared/PlainTextField';

export function RecoveryRequestForm({ onBack }: { onBack: () => void }) {
  const text = useText();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateWith(recoveryRequestSchema, { email })['email'];
    setError(found);
    if (found) return;
    setBusy(true);
    setFailure(null);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (caught) {
      setFailure((caught as { message?: string }).message ?? 'errors.server');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={text('auth.recovery_request.title')}>
      {sent ? (
        <Alert severity="success">{text('auth.recovery_request.sent')}</Alert>
      ) : (
        <>
          <Typography color="text.secondary">{text('auth.recovery_request.text')}</Typography>
          {failure && (
            <Alert severity="error" role="alert">
              {text(failure)}
            </Alert>
          )}
          <PlainTextField
            name="email"
            type="email"
            label={text('auth.recovery_request.email')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(error)}
            helperText={error ? text(error) : undefined}
            inputProps={{ maxLength: 150 }}
            autoFocus
            fullWidth
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {text('auth.recovery_request.submit')}
          </Button>
        </>
      )}
      <Link component="button" type="button" onClick={onBack} sx={{ alignSelf: 'center' }}>
        {text('auth.recovery_request.back')}
      </Link>
    </Stack>
  );
}
