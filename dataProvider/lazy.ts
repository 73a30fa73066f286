/**
 * The data provider the browser starts with: every verb of PortalesDataProvider loads the real one
 * (dataProvider/index.ts, with ra-data-simple-rest, the path rules and the upload) on its first call, so a signed-out
 * page does not carry it (docs/decisions/0022-first-load-budget.md). The sign-in calls go through the HTTP client
 * directly (authProvider, src/auth/authApi.ts). A failed load is tried again on the next call.
 */
import type { PortalesDataProvider } from './index';

export const DATA_PROVIDER_VERBS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
  'updateCollection',
  'runAction',
  'upload',
  'request',
] as const satisfies ReadonlyArray<keyof PortalesDataProvider>;

export function lazyDataProvider(load: () => Promise<PortalesDataProvider>): PortalesDataProvider & { preload(): Promise<unknown> } {
  let loading: Promise<PortalesDataProvider> | undefined;
  const provider = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const verbs = Object.fromEntries(
    DATA_PROVIDER_VERBS.map((verb) => [verb, (...args: unknown[]) => provider().then((real) => (real[verb] as (...a: unknown[]) => unknown)(...args))]),
  );
  return Object.assign(verbs as unknown as PortalesDataProvider, { preload: provider });
}

export const dataProvider = lazyDataProvider(() => import('./index').then((module) => module.dataProvider));
