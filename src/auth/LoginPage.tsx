/**
 * /login: the sign-in form and, behind '¿Olvidaste tu contraseña?', the recovery request.
 * A visitor already signed in goes on to where sign-in would lead (the landing route).
 */
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isAuthenticated } from '../../authProvider/index';
import { storedPermissionNames } from '../../authProvider/storage';
import { PublicShell } from '../pages/PublicShell';
import { afterSignInRoute, nextPathFrom } from '../routes/routeAccess';
import { LoginForm } from './LoginForm';
import { RecoveryRequestForm } from './RecoveryRequestForm';

export function LoginPage() {
  const [mode, setMode] = useState<'login' | 'recovery'>('login');
  const location = useLocation();
  if (isAuthenticated()) {
    const next = afterSignInRoute(storedPermissionNames(), nextPathFrom(location.state));
    // A session without any permission has no landing route: the form stays (no redirect loop).
    if (next !== '/login') return <Navigate to={next} replace />;
  }
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
