/** The admin's /login (react-admin's loginPage): the plain sign-in page with the router's state and react-admin's useLogin (it resets the notifications and the cached permissions, then goes to redirectTo). */
import { useLogin } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { LoginPage, signedInRedirect } from './LoginPage';

export function AdminLoginPage() {
  const location = useLocation();
  const login = useLogin();
  const next = signedInRedirect(location.state);
  if (next) return <Navigate to={next} replace />;
  return <LoginPage locationState={location.state} signIn={login} />;
}
