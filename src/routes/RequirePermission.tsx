/**
 * Guards a protected route: without a valid session → /login, remembering the address to return
 * to after sign-in; without any of the listed permissions → the first landing route the user may
 * use (spec 01 §2).
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isAuthenticated } from '../../authProvider/index';
import { storedPermissionNames } from '../../authProvider/storage';
import { landingRoute } from '../../resources/areas';
import { hasAnyPermission, type PermissionName } from '../../resources/permissions';

export function RequirePermission({ permissions, children }: { permissions: readonly PermissionName[]; children: ReactNode }) {
  const location = useLocation();
  if (!isAuthenticated()) return <Navigate to="/login" replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
  const held = storedPermissionNames();
  if (!hasAnyPermission(held, permissions)) return <Navigate to={landingRoute(held)} replace />;
  return <>{children}</>;
}
