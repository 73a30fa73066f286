/** The authProvider of component tests: signed in as 'Prueba' holding `permissions` (react-admin's contract, no server). */
import type { AuthProvider } from 'react-admin';

export function signedInAuth(permissions: readonly string[]): AuthProvider {
  return {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve([...permissions]),
    getIdentity: () => Promise.resolve({ id: 1, fullName: 'Prueba' }),
  };
}
