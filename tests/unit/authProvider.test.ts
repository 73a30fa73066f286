import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, isAuthenticated } from '../../authProvider/index';
import { canAccessResource, requirementFor } from '../../authProvider/access';
import { browser, FORBIDDEN_RELOAD_DELAY_MS } from '../../authProvider/browser';
import { loginSchema, newPasswordSchema, recoveryRequestSchema, validateWith } from '../../authProvider/schemas';
import { clearSession, getStoredUser, getToken, setStoredUser, setToken, storage } from '../../authProvider/storage';
import { isTokenExpired, sessionTick, tokenExpiry } from '../../authProvider/token';
import { resetServerClock, recordServerDate } from '../../dataProvider/serverClock';
import { resources } from '../../resources/index';
import { landingRoute } from '../../resources/areas';

/** An unsigned JWT-shaped token with the given expiry (seconds). */
function tokenExpiringAt(exp: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: '1', sid: 'x', exp })}.signature`;
}

const user = (names: string[]) => ({
  id: 1,
  name: 'Ana Pérez',
  email: 'ana@portales.gov.co',
  permissions: names.map((name, i) => ({ permissionID: i + 1, name })),
});

beforeEach(() => {
  clearSession();
  resetServerClock();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('token expiry', () => {
  it('reads exp and decides expiry against the given server time', () => {
    const token = tokenExpiringAt(1_000);
    expect(tokenExpiry(token)).toBe(1_000);
    expect(isTokenExpired(token, 999_000)).toBe(false);
    expect(isTokenExpired(token, 1_000_000)).toBe(true);
    expect(isTokenExpired('not-a-token', 0)).toBe(true);
    expect(isTokenExpired(null, 0)).toBe(true);
  });

  it('the session watcher expires only a present, expired token', () => {
    expect(sessionTick(null, 0)).toBe('none');
    expect(sessionTick(tokenExpiringAt(10), 5_000)).toBe('valid');
    expect(sessionTick(tokenExpiringAt(10), 10_000)).toBe('expire');
  });

  it('checkAuth uses the server clock from x-currentdate', async () => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    setToken(tokenExpiringAt(nowSeconds + 60));
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(isAuthenticated()).toBe(true);
    recordServerDate(new Date(Date.now() + 120_000).toISOString());
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(isAuthenticated()).toBe(false);
    clearSession();
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ message: false });
  });
});

describe('permissions and landing', () => {
  it('lands on the first permitted route in the spec order', () => {
    expect(landingRoute(['Reports', 'GlobalBanners'])).toBe('/banners');
    expect(landingRoute(['Tickets'])).toBe('/mensajes');
    expect(landingRoute(['Impersonate'])).toBe('/portales');
    expect(landingRoute([])).toBe('/login');
  });

  it('canAccess follows read, write and routeAccess of the declarations', () => {
    const siteTypes = resources.find((r) => r.name === 'sitetypes')!;
    expect(requirementFor(siteTypes, 'edit')).toEqual(['Settings']);
    expect(canAccessResource(['Reports'], resources, { resource: 'sitetypes', action: 'list' })).toBe(true);
    expect(canAccessResource(['Reports'], resources, { resource: 'sitetypes', action: 'delete' })).toBe(false);
    expect(canAccessResource(['Settings'], resources, { resource: 'sitetypes', action: 'delete' })).toBe(true);
    expect(canAccessResource(['Reports'], resources, { resource: 'sitetypes', action: 'access' })).toBe(false);
    expect(canAccessResource(['Settings'], resources, { resource: 'sitetypes', action: 'fly' })).toBe(false);
    expect(canAccessResource([], resources, { resource: 'undeclared', action: 'list' })).toBe(true);
    // Locations are read by any signed-in superadmin ('authenticated'), written by nobody here.
    expect(canAccessResource(['Tickets'], resources, { resource: 'locations', action: 'list' })).toBe(true);
    expect(canAccessResource(['Tickets'], resources, { resource: 'locations', action: 'edit' })).toBe(false);
  });

  it('getPermissions and getIdentity come from the stored user', async () => {
    setStoredUser(user(['Sites', 'Users']));
    await expect(authProvider.getPermissions!({})).resolves.toEqual(['Sites', 'Users']);
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ id: 1, fullName: 'Ana Pérez' });
    await expect(authProvider.canAccess!({ resource: 'sitetypes', action: 'edit' })).resolves.toBe(false);
  });
});

describe('login, logout and errors', () => {
  it('login posts the credentials, stores the session and redirects to the landing route', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ token: 'tok', user: user(['Reports']) }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const result = await authProvider.login({ email: 'ana@portales.gov.co', password: 'secreto', captcha: 'abc', captchaId: 'c1' });
    expect(result).toEqual({ redirectTo: '/metricas' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ana@portales.gov.co', password: 'secreto', captcha: 'abc', captchaId: 'c1' });
    expect(getToken()).toBe('tok');
    expect(getStoredUser()?.name).toBe('Ana Pérez');
  });

  it('logout calls the API, ignores its failure and clears everything but the cookies consent', async () => {
    const fetch = vi.fn(async (_url: string) => new Response(null, { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    setToken('tok');
    setStoredUser(user(['Sites']));
    storage().setItem('cookies', 'true');
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/auth/logout/');
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(storage().getItem('cookies')).toBe('true');
  });

  it('checkError: 401 logs out to /login with the session message; other errors pass', async () => {
    await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({ redirectTo: '/login', message: 'errors.unauthorized' });
    await expect(authProvider.checkError({ status: 400 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
  });

  it('checkError: 403 keeps the session, shows the no-permission message and then reloads', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(user(['Sites'])), { status: 200 })));
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    await expect(authProvider.checkError({ status: 403 })).rejects.toEqual({ logoutUser: false, message: 'errors.forbidden' });
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(FORBIDDEN_RELOAD_DELAY_MS + 10);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(getStoredUser()?.permissions.map((p) => p.name)).toEqual(['Sites']);
  });

  it('checkError: a page refused again after its 403 reload is not reloaded again (no reload loop)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(user(['Settings'])), { status: 200 })));
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    let page = '/configuracion/auditoria';
    vi.spyOn(browser, 'currentPage').mockImplementation(() => page);
    browser.forbiddenReloadMark.set(null);

    const refusedOnce = async () => {
      await expect(authProvider.checkError({ status: 403 })).rejects.toEqual({ logoutUser: false, message: 'errors.forbidden' });
      await vi.advanceTimersByTimeAsync(FORBIDDEN_RELOAD_DELAY_MS + 10);
    };
    await refusedOnce();
    expect(reload).toHaveBeenCalledTimes(1);
    // After the reload the same page is refused again: the message shows, the page stays.
    await refusedOnce();
    await refusedOnce();
    expect(reload).toHaveBeenCalledTimes(1);
    // Another page refused reloads once again.
    page = '/portales';
    await refusedOnce();
    expect(reload).toHaveBeenCalledTimes(2);
    browser.forbiddenReloadMark.set(null);
  });
});

describe('form schemas', () => {
  it('login messages', () => {
    expect(validateWith(loginSchema(true), { email: '', password: '', captcha: '' })).toEqual({
      email: 'validation.login.email_required',
      password: 'validation.login.password_required',
      captcha: 'validation.login.captcha_required',
    });
    expect(validateWith(loginSchema(false), { email: 'Ana@Portales.gov.co', password: 'x' })).toEqual({
      email: 'validation.login.email_invalid',
    });
    expect(validateWith(loginSchema(false), { email: `${'a'.repeat(145)}@b.com`, password: 'x' })).toEqual({
      email: 'validation.login.email_invalid',
    });
    expect(validateWith(loginSchema(false), { email: 'ana@portales.gov.co', password: 'x' })).toEqual({});
  });

  it('recovery and new password messages', () => {
    expect(validateWith(recoveryRequestSchema, { email: 'nope' })).toEqual({ email: 'validation.login.recovery_email' });
    expect(validateWith(newPasswordSchema, { password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'validation.login.new_password',
    });
    expect(validateWith(newPasswordSchema, { password: 'x'.repeat(51), confirmPassword: 'x'.repeat(51) })).toEqual({
      password: 'validation.login.new_password',
    });
    expect(validateWith(newPasswordSchema, { password: '123456', confirmPassword: '123457' })).toEqual({
      confirmPassword: 'validation.login.passwords_mismatch',
    });
    expect(validateWith(newPasswordSchema, { password: '123456', confirmPassword: '123456' })).toEqual({});
  });
});
