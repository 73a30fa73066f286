/**
 * Browser entry. /login without a session to go on with is drawn at once from this small chunk (plain React and CSS:
 * src/auth/LoginPage.tsx, no react-admin or MUI); the admin's code (src/adminRoot.tsx) starts loading at the visitor's
 * first key or press, and signing in hands the page over to it without a reload. Every other address loads the admin
 * at once (docs/decisions/0022-first-load-budget.md).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authProvider, type LoginParams } from '../authProvider/index';
import { LoginPage, signedInRedirect } from './auth/LoginPage';

const root = createRoot(document.getElementById('root')!);

let admin: Promise<typeof import('./adminRoot')> | undefined;
const loadAdmin = () => (admin ??= import('./adminRoot'));

/** The router's location state (react-router keeps it in history.state.usr): a deep link to return to, a notice. */
const locationState = (window.history.state as { usr?: unknown } | null)?.usr ?? null;

/** authProvider.login, then the admin at its redirectTo (a full load of that address if the admin's code cannot load). */
async function signIn(params: LoginParams): Promise<void> {
  const { redirectTo } = (await authProvider.login(params)) as { redirectTo: string };
  await loadAdmin().then(
    (loaded) => {
      window.history.pushState(null, '', redirectTo);
      loaded.renderAdmin(root);
    },
    () => window.location.assign(redirectTo),
  );
}

if (/^\/login\/?$/i.test(window.location.pathname) && signedInRedirect(locationState) === null) {
  // The visitor's first key or press (as the form's schemas: src/auth/LoginForm.tsx) starts the admin and the landing screen.
  const startAdmin = () => void loadAdmin().then((loaded) => loaded.preloadLanding());
  for (const event of ['keydown', 'pointerdown']) document.addEventListener(event, startAdmin, { capture: true, once: true });
  root.render(
    <StrictMode>
      <LoginPage locationState={locationState} signIn={signIn} />
    </StrictMode>,
  );
} else {
  void loadAdmin().then((loaded) => loaded.renderAdmin(root));
}
