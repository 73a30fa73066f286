/**
 * `<Admin>` without the parts this app replaces (docs/decisions.md 'First-load budget'): react-admin's
 * <Admin> is <AdminContext> + <AdminUI>, and <AdminUI> imports a default layout, menu, app bar,
 * login form and not-found page into the first chunk although the app passes its own. Here the
 * context is the same, the UI is ra-core's <CoreAdminUI> with the app's layout, login page,
 * notification and catch-all, and react-admin's rarely seen pages (error, access denied,
 * authentication error, loading) load on demand. Same props as <Admin>.
 */
import CssBaseline from '@mui/material/CssBaseline';
import { Suspense } from 'react';
import { AdminContext, CoreAdminUI, localStorageStore, type AdminProps } from 'react-admin';
import { onDemand } from './lazyComponent';
import { Spinner } from './Spinner';

const store = localStorageStore();

const ErrorPage = onDemand(() => import('./adminPages').then((pages) => pages.ErrorPage));
const AccessDeniedPage = onDemand(() => import('./adminPages').then((pages) => pages.AccessDeniedPage));
const AuthenticationErrorPage = onDemand(() => import('./adminPages').then((pages) => pages.AuthenticationErrorPage));
const LoadingPage = onDemand(() => import('./adminPages').then((pages) => pages.LoadingPage));

export function AppAdmin({
  accessDenied = AccessDeniedPage,
  authenticationError = AuthenticationErrorPage,
  error = ErrorPage,
  loading = LoadingPage,
  notification: Notification,
  children,
  // Context (providers, store, theme) …
  authProvider,
  basename,
  dataProvider,
  i18nProvider,
  queryClient,
  routerProvider,
  store: givenStore = store,
  theme,
  lightTheme,
  darkTheme,
  defaultTheme,
  // … and the UI.
  ...ui
}: AdminProps) {
  return (
    <AdminContext
      authProvider={authProvider}
      basename={basename}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      routerProvider={routerProvider}
      store={givenStore}
      theme={theme}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
      defaultTheme={defaultTheme}
    >
      <CssBaseline enableColorScheme>
        {/* The layout and the screens are lazy chunks (src/routes/lazyScreen.ts): wait for them here. */}
        <Suspense fallback={<Spinner />}>
          <CoreAdminUI accessDenied={accessDenied} authenticationError={authenticationError} error={error} loading={loading} {...ui}>
            {children}
          </CoreAdminUI>
        </Suspense>
        {Notification ? <Notification /> : null}
      </CssBaseline>
    </AdminContext>
  );
}
