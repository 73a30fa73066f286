/**
 * react-admin AuthProvider over /api/v1/auth: the token and the user live in local storage,
 * expiry is judged against the server clock, permissions are the user's permission names.
 */
import type { AuthProvider } from 'ra-core';
import { serverNow } from '../dataProvider/serverClock';
import { httpClient } from '../dataProvider/httpClient';
import { landingRoute } from '../resources/areas';
import { resourceReferences } from '../resources/references';
import { afterSignInRoute } from '../src/routes/routeAccess';
import { canAccessResource } from './access';
import { browser, FORBIDDEN_RELOAD_DELAY_MS } from './browser';
import {
  clearSession,
  getStoredUser,
  getToken,
  setStoredUser,
  setToken,
  storedPermissionNames,
  type StoredUser,
} from './storage';
import { isTokenExpired } from './token';

export interface LoginParams {
  email: string;
  password: string;
  captcha?: string;
  captchaId?: string;
  /** The protected address the user was sent to /login from ("ruta de llegada"): reopened when allowed. */
  nextPath?: string;
}

export interface LoginAnswer {
  token: string;
  user: StoredUser;
}

export function isAuthenticated(): boolean {
  const token = getToken();
  return Boolean(token) && !isTokenExpired(token, serverNow());
}

/** Reloads the signed-in user (GET /auth/) so permissions changed on the server take effect. */
export async function refreshUser(): Promise<StoredUser> {
  const { json } = await httpClient<StoredUser>('/auth/');
  setStoredUser(json);
  return json;
}

function statusOf(error: unknown): number | undefined {
  return (error as { status?: number } | null)?.status;
}

let reloadScheduled = false;

/**
 * A 403 reloads the page (spec 01 §8) once: when the page was already reloaded for a 403 and is
 * refused again, another reload would only repeat forever (a screen whose secondary call needs a
 * permission its user lacks), so the message stays and the page does not reload.
 */
export function shouldReloadAfterForbidden(page: string, lastReloadedPage: string | null): boolean {
  return page !== lastReloadedPage;
}

function scheduleForbiddenReload(): void {
  if (reloadScheduled) return;
  reloadScheduled = true;
  const page = browser.currentPage();
  setTimeout(() => {
    void refreshUser()
      .catch(() => undefined)
      .finally(() => {
        reloadScheduled = false;
        if (!shouldReloadAfterForbidden(page, browser.forbiddenReloadMark.get())) return;
        browser.forbiddenReloadMark.set(page);
        browser.reload();
      });
  }, FORBIDDEN_RELOAD_DELAY_MS);
}

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    const { json } = await httpClient<LoginAnswer>('/auth/', {
      method: 'POST',
      body: { email: params.email, password: params.password, captcha: params.captcha, captchaId: params.captchaId },
    });
    setToken(json.token);
    setStoredUser(json.user);
    return { redirectTo: afterSignInRoute(json.user.permissions.map((p) => p.name), params.nextPath) };
  },

  async logout() {
    if (getToken()) await httpClient('/auth/logout/').catch(() => undefined);
    clearSession();
    return '/login';
  },

  async checkAuth() {
    const token = getToken();
    if (!token) throw { redirectTo: '/login', message: false };
    if (isTokenExpired(token, serverNow())) throw { redirectTo: '/login', message: 'auth.session.expired' };
  },

  async checkError(error: unknown) {
    const status = statusOf(error);
    if (status === 401) throw { redirectTo: '/login', message: 'errors.unauthorized' };
    if (status === 403) {
      scheduleForbiddenReload();
      throw { logoutUser: false, message: 'errors.forbidden' };
    }
  },

  async getIdentity() {
    const user = getStoredUser();
    if (!user) throw new Error('not signed in');
    return { id: user.id, fullName: user.name, email: user.email };
  },

  async getPermissions() {
    return storedPermissionNames();
  },

  async canAccess(params: { resource: string; action: string }) {
    return canAccessResource(storedPermissionNames(), resourceReferences, params);
  },
};

export { landingRoute };
export { useSessionWatcher, SESSION_CHECK_INTERVAL_MS } from './useSessionWatcher';
