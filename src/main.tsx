/**
 * Browser entry: the application inside a browser data router — react-admin would otherwise use a
 * HashRouter, and the spec's routes (/login, /recordar-clave/{token} in e-mails, …) are real paths.
 * A data router keeps useBlocker working. The current route's lazy chunks start loading at once.
 * (Spanish dates: src/shared/dayjs, imported by the date inputs, not here: docs/decisions/0022-first-load-budget.md.)
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { preloadRoute } from './routes/preloadRoute';

preloadRoute(window.location.pathname);

const router = createBrowserRouter([{ path: '*', element: <App /> }]);

const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
