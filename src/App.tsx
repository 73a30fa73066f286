/**
 * The application, read as a table of contents: providers, layout, public pages, the protected
 * route table (src/routes/appRoutes.ts) and one <Resource> per declaration (its reference: resources/references.ts).
 */
import { CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { authProvider } from '../authProvider/index';
import { dataProvider } from '../dataProvider/lazy';
import { resourceReferences } from '../resources/references';
import type { ResourceReference } from '../resources/types';
import { AdminLoginPage } from './auth/AdminLoginPage';
import { HomePage } from './pages/HomePage';
import { NotFoundPage, NotFoundRedirect, NOT_FOUND_PATH } from './pages/NotFoundPage';
import { TermsPage } from './pages/TermsPage';
import { appRoutes, PUBLIC_PATHS } from './routes/appRoutes';
import { AppLayout, RecoveryPage } from './routes/lazyScreen';
import { ProtectedScreen } from './routes/ProtectedScreen';
import { AppAdmin } from './shared/AppAdmin';
import { AppNotification } from './shared/AppNotification';
import { i18nProvider } from './shared/i18nProvider';
import { theme } from './shared/theme';

/** `/{resource name}/*` (react-admin's own resource routes) leads to the declaration's screen. */
function resourceRedirect(declaration: ResourceReference) {
  const to = declaration.route || NOT_FOUND_PATH;
  return function ResourceRedirect() {
    return <Navigate to={to} replace />;
  };
}

const resourceElements = resourceReferences.map((declaration) => (
  <Resource key={declaration.name} name={declaration.name} list={resourceRedirect(declaration)} options={{ label: declaration.title }} />
));

export function App() {
  return (
    <AppAdmin
      title="menu.app_title"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={AppLayout}
      loginPage={AdminLoginPage}
      catchAll={NotFoundRedirect}
      notification={AppNotification}
      theme={theme}
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path={PUBLIC_PATHS.home} element={<HomePage />} />
        <Route path={PUBLIC_PATHS.recovery} element={<RecoveryPage />} />
        <Route path={PUBLIC_PATHS.terms} element={<TermsPage />} />
        <Route path={PUBLIC_PATHS.notFound} element={<NotFoundPage />} />
      </CustomRoutes>
      <CustomRoutes>
        {appRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<ProtectedScreen route={route} />} />
        ))}
      </CustomRoutes>
      {resourceElements}
    </AppAdmin>
  );
}
