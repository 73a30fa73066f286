/** Password recovery request (spec 01 §2): e-mail only, on the sign-in forms' parts (src/auth/signInForm.tsx); the server always answers 200. */
import { useCallback, useEffect, useState } from 'react';
import { signInText as text } from '../shared/signInText';
import { requestPasswordReset } from './authApi';
import { loadAuthSchemas, validateLazily } from './authSchemas';
import { InvalidFormNotice, SignInAlert, SignInField, useSignInForm } from './signInForm';

export function RecoveryRequestForm({ onBack }: { onBack: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadAuthSchemas();
  }, []);
  const validate = useCallback((values: { email: string }) => validateLazily((schemas) => schemas.recoveryRequestSchema, values), []);

  const submit = async (values: { email: string }) => {
    setBusy(true);
    setFailure(null);
    try {
      await requestPasswordReset(values.email.trim());
      setSent(true);
    } catch (caught) {
      setFailure((caught as { message?: string }).message ?? 'errors.server');
    } finally {
      setBusy(false);
    }
    return undefined;
  };
  const form = useSignInForm({ email: '' }, validate, submit);

  return (
    <form onSubmit={(event) => void form.handleSubmit(event)} noValidate>
      <div className="public-stack" role="group" aria-label={text('auth.recovery_request.title')}>
        {sent ? (
          <SignInAlert severity="success">{text('auth.recovery_request.sent')}</SignInAlert>
        ) : (
          <>
            <p className="public-text">{text('auth.recovery_request.text')}</p>
            {failure && <SignInAlert severity="error">{text(failure)}</SignInAlert>}
            <SignInField {...form.field('email')} type="email" label="auth.recovery_request.email" maxLength={150} autoFocus />
            <button type="submit" className="public-button" disabled={busy}>
              {text('auth.recovery_request.submit')}
            </button>
          </>
        )}
        <button type="button" className="public-link" onClick={onBack}>
          {text('auth.recovery_request.back')}
        </button>
      </div>
      <InvalidFormNotice invalidSubmits={form.invalidSubmits} />
    </form>
  );
}
