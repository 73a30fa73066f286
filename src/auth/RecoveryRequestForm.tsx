/** Password recovery request (spec 01 §2): e-mail only, on react-admin's Form; the server always answers 200. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Form, TextInput } from 'react-admin';
import { useText } from '../shared/useText';
import { requestPasswordReset } from './authApi';
import { loadAuthSchemas, validateLazily } from './authSchemas';

export function RecoveryRequestForm({ onBack }: { onBack: () => void }) {
  const text = useText();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadAuthSchemas();
  }, []);
  const validate = useCallback((values: Record<string, unknown>) => validateLazily((schemas) => schemas.recoveryRequestSchema, values), []);

  const submit = async (values: { email?: string }) => {
    setBusy(true);
    setFailure(null);
    try {
      await requestPasswordReset((values.email ?? '').trim());
      setSent(true);
    } catch (caught) {
      setFailure((caught as { message?: string }).message ?? 'errors.server');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form defaultValues={{ email: '' }} validate={validate} onSubmit={submit} noValidate>
      <Stack spacing={2} role="group" aria-label={text('auth.recovery_request.title')}>
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
            <TextInput
              source="email"
              type="email"
              label="auth.recovery_request.email"
              slotProps={{ htmlInput: { maxLength: 150 } }}
              autoFocus
              fullWidth
              helperText={false}
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
    </Form>
  );
}
