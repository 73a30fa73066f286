/**
 * One row of the route table rendered: permission guard, the browser tab title, lazy screen with a
 * spinner, or UnderConstruction.
 */
import { Suspense } from 'react';
import { Spinner } from '../shared/Spinner';
import type { AppRoute } from './appRoutes';
import { UnderConstruction } from './lazyScreen';
import { RequirePermission } from './RequirePermission';
import { PageTitle } from './usePageTitle';

export function ProtectedScreen({ route }: { route: AppRoute }) {
  const Screen = route.screen;
  return (
    <RequirePermission permissions={route.permissions}>
      <PageTitle title={route.title} />
      <Suspense fallback={<Spinner />}>
        {Screen ? <Screen title={route.title} resource={route.resource} {...(route.resources ? { resources: route.resources } : {})} /> : <UnderConstruction title={route.title} />}
      </Suspense>
    </RequirePermission>
  );
}
