/**
 * The admin, drawn into the page's root: the application inside a browser data router — react-admin would otherwise use a
 * HashRouter, and the spec's routes (/login, /recordar-clave/{token} in e-mails, …) are real paths. A data router keeps
 * useBlocker working. The current route's lazy chunks start loading at once. Loaded by the entry (src/main.tsx).
 * (Spanish dates: src/shared/dayjs, imported by the date inputs, not here: docs/decisions/0022-first-load-budget.md.)
 */
import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { landingRoute } from '../resources/areas';
import { PERMISSION_NAMES } from '../resources/permissions';
import { App } from './App';
import { preloadRoute } from './routes/preloadRoute';

/** Draws the admin at the browser's current address (the router reads it now). */
export function renderAdmin(root: Root): void {
  preloadRoute(window.location.pathname);
  const router = createBrowserRouter([{ path: '*', element: <App /> }]);
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

/** While the visitor signs in: the chunks of the first landing route (the site list for a superadmin). */
export function preloadLanding(): void {
  preloadRoute(landingRoute(PERMISSION_NAMES));
}
