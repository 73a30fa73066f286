/** /login: the sign-in form and, behind '¿Olvidaste tu contraseña?', the recovery request. */
import { useState } from 'react';
import { PublicShell } from '../pages/PublicShell';
import { LoginForm } from './LoginForm';
import { RecoveryRequestForm } from './RecoveryRequestForm';

export function LoginPage() {
  const [mode, setMode] = useState<'login' | 'recovery'>('login');
  return mode === 'login' ? (
    <PublicShell title="auth.login.title">
      <LoginForm onForgot={() => setMode('recovery')} />
    </PublicShell>
  ) : (
    <PublicShell title="auth.recovery_request.title">
      <RecoveryRequestForm onBack={() => setMode('login')} />
    </PublicShell>
  );
}
