/**
 * `<Admin>` without the parts this app replaces (docs/decisions/0022-first-load-budget.md): react-admin's
 * <Admin> is <AdminContext> + <AdminUI>, and <AdminUI> imports a default layout, menu, app bar,
 * login form and not-found page into the first chunk although the app passes its own. Here the
 * context is the same, the UI is ra-core's <CoreAdminUI> with the app's layout, login page,
 * notification and catch-all, and react-admin's rarely seen pages (error, access denied,
 * authentication error, loading) load on demand. Same props as <Admin>; without a `queryClient`, the app's
 * (src/shared/queryClient.ts: a 4xx is never retried).
 */
import CssBaseline from '@mui/material/CssBaseline';
import { Children, isValidElement, Suspense, useMemo, useState, type ReactNode } from 'react';
import {
  AdminContext,
  CoreAdminUI,
  localStorageStore,
  ResourceDefinitionContext,
  type AdminProps,
  type ResourceDefinition,
  type ResourceDefinitions,
} from 'react-admin';
import { onDemand } from './lazyComponent';
import { createQueryClient } from './queryClient';
import { Spinner } from './Spinner';

const store = localStorageStore();

type RegistrableResource = { registerResource(props: unknown, permissions?: unknown): ResourceDefinition };
const ignoreRegistration = () => {};

/**
 * The resources' definitions, known from the first render. react-admin registers each <Resource> in an effect after
 * mounting, and again whenever the permissions change: each time the definitions context changes and everything that
 * reads it draws again (the whole first screen, twice). The app's resources do not depend on the permissions (they are
 * the declarations of resources/references.ts), so their definitions are read once from the children here, and the
 * registrations are ignored.
 */
function FixedResourceDefinitions({ resources, children }: { resources: AdminProps['children']; children: ReactNode }) {
  const value = useMemo(() => {
    const definitions: ResourceDefinitions = {};
    // A function child (resources depending on the permissions) is not used by this app: it would register nothing here.
    Children.forEach((typeof resources === 'function' ? null : resources) as ReactNode, (child) => {
      if (!isValidElement(child)) return;
      const type = child.type as Partial<RegistrableResource>;
      if (typeof type.registerResource !== 'function') return;
      const definition = type.registerResource(child.props);
      definitions[definition.name] = definition;
    });
    return { definitions, register: ignoreRegistration, unregister: ignoreRegistration };
  }, [resources]);
  return <ResourceDefinitionContext.Provider value={value}>{children}</ResourceDefinitionContext.Provider>;
}

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
  queryClient: givenQueryClient,
  routerProvider,
  store: givenStore = store,
  theme,
  lightTheme,
  darkTheme,
  defaultTheme,
  // … and the UI.
  ...ui
}: AdminProps) {
  // The app's client (4xx never retried: src/shared/queryClient.ts) unless one is given; one per mounted admin.
  const [ownQueryClient] = useState(createQueryClient);
  const queryClient = givenQueryClient ?? ownQueryClient;
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
          <FixedResourceDefinitions resources={children}>
            <CoreAdminUI accessDenied={accessDenied} authenticationError={authenticationError} error={error} loading={loading} {...ui}>
              {children}
            </CoreAdminUI>
          </FixedResourceDefinitions>
        </Suspense>
        {Notification ? <Notification /> : null}
      </CssBaseline>
    </AdminContext>
  );
}
