/**
 * /login: the sign-in form and, behind '¿Olvidaste tu contraseña?', the recovery request. Plain React: the entry draws it
 * before the admin's code (src/main.tsx), and the admin draws it through AdminLoginPage. A visitor already signed in goes
 * on to where sign-in would lead (`signedInRedirect`).
 */
import { useState } from 'react';
import { isAuthenticated, type LoginParams } from '../../authProvider/index';
import { storedPermissionNames } from '../../authProvider/storage';
import { PublicShell } from '../pages/PublicShell';
import { afterSignInRoute, nextPathFrom } from '../routes/routeAccess';
import { LoginForm } from './LoginForm';
import { RecoveryRequestForm } from './RecoveryRequestForm';

/** Where /login sends a visitor already signed in, or null: no session, or one without any permission (the form stays: no redirect loop). */
export function signedInRedirect(locationState: unknown): string | null {
  if (!isAuthenticated()) return null;
  const next = afterSignInRoute(storedPermissionNames(), nextPathFrom(locationState));
  return next === '/login' ? null : next;
}

export function LoginPage({ locationState, signIn }: { locationState: unknown; signIn(params: LoginParams): Promise<unknown> }) {
  const [mode, setMode] = useState<'login' | 'recovery'>('login');
  return mode === 'login' ? (
    <PublicShell title="auth.login.title">
      <LoginForm onForgot={() => setMode('recovery')} locationState={locationState} signIn={signIn} />
    </PublicShell>
  ) : (
    <PublicShell title="auth.recovery_request.title">
      <RecoveryRequestForm onBack={() => setMode('login')} />
    </PublicShell>
  );
}
