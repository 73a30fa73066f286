/**
 * Browser entry: Spanish dates (weeks from Monday), then the application inside a browser data
 * router — react-admin would otherwise use a HashRouter, and the spec's routes (/login,
 * /recordar-clave/{token} in e-mails, …) are real paths. A data router keeps useBlocker working.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import './shared/dayjs';
import { App } from './App';

const router = createBrowserRouter([{ path: '*', element: <App /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
