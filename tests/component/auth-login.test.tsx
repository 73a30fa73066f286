/** The sign-in page: validation messages, captcha (drawn and demanded), failures, recovery request. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getToken, setStoredUser, setToken } from '../../authProvider/storage';
import { App } from '../../src/App';
import { loadAuthSchemas } from '../../src/auth/authSchemas';

// Spied to see when the sign-in form starts loading its yup schemas (the validation itself uses the real import).
vi.mock('../../src/auth/authSchemas', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/auth/authSchemas')>();
  return { ...actual, loadAuthSchemas: vi.fn(actual.loadAuthSchemas) };
});

type Handler = (url: string, init: RequestInit) => { status?: number; body?: unknown };

let requests: Array<{ url: string; method: string; body: unknown }> = [];

function serve(handler: Handler) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      requests.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      const { status = 200, body = {} } = handler(url, init);
      return new Response(JSON.stringify(body), { status });
    }),
  );
}

/** A 1×1 PNG. */
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAG7buVgAAAABJRU5ErkJggg==';
const captcha = (requestValue: number, captchaId = 'c1') => ({
  body: { captchaId, image: PNG_DATA_URL, requestValue },
});

const apiError = (status: number, code: string, message: string, target = '') => ({
  status,
  body: { error: { code, message, details: target ? [{ code, target, message }] : [] } },
});

let currentPath = '';
let currentSearch = '';
function PathSpy() {
  const location = useLocation();
  currentPath = location.pathname;
  currentSearch = location.search;
  return null;
}

/** A token that expires in 2286 and the user it belongs to. */
const LONG_TOKEN = 'x.eyJleHAiOjk5OTk5OTk5OTl9.y';
const userWith = (names: string[]) => ({
  id: 1,
  name: 'Ana',
  email: 'ana@portales.gov.co',
  permissions: names.map((name, index) => ({ permissionID: index + 1, name })),
});

/** Captcha never drawn, sign-in answers `user`, every other call an empty list. */
function serveSignIn(permissions: string[]) {
  serve((url, init) => {
    if (url === '/api/v1/captcha/') return captcha(100);
    if (url === '/api/v1/auth/' && init.method === 'POST') return { body: { token: LONG_TOKEN, user: userWith(permissions) } };
    return { body: { results: [], meta: { hasNextPage: false, total: 0 } } };
  });
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PathSpy />
      <App />
    </MemoryRouter>,
  );
}

async function signInThroughForm() {
  await screen.findByRole('button', { name: 'Ingresar' });
  expect(currentPath).toBe('/login');
  type('email', 'ana@portales.gov.co');
  type('password', 'secreto');
  submit();
}

function renderLogin(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/login', state }]}>
      <PathSpy />
      <App />
    </MemoryRouter>,
  );
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
const type = (name: string, value: string) => fireEvent.change(input(name)!, { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));

beforeEach(() => {
  clearSession();
  localStorage.setItem('cookies', 'true');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LoginPage', () => {
  it('has inputs named email and password and shows the exact validation messages', async () => {
    serve(() => captcha(100));
    renderLogin();
    await screen.findByRole('button', { name: 'Ingresar' });
    expect(input('email')).not.toBeNull();
    expect(input('password')).not.toBeNull();
    submit();
    expect(await screen.findByText('Debes ingresar el correo electrónico')).toBeInTheDocument();
    expect(screen.getByText('Debes ingresar tu contraseña')).toBeInTheDocument();
    // react-admin's notice for a form its validation stopped, kept by the plain sign-in form.
    expect(await screen.findByText('El formulario no es válido. Por favor revisa los errores')).toBeInTheDocument();
    type('email', 'Ana@Portales');
    expect(await screen.findByText('Correo electrónico no válido')).toBeInTheDocument();
    expect(input('captcha')).toBeNull();
    expect(requests.some((r) => r.url === '/api/v1/auth/')).toBe(false);
  });

  it("starts loading the schemas at the visitor's first key or press, not on mount (first-load budget of /login)", async () => {
    serve(() => captcha(100));
    vi.mocked(loadAuthSchemas).mockClear();
    renderLogin();
    await screen.findByRole('button', { name: 'Ingresar' });
    await waitFor(() => expect(requests.some((request) => request.url === '/api/v1/captcha/')).toBe(true));
    expect(loadAuthSchemas).not.toHaveBeenCalled();
    fireEvent.keyDown(input('email')!, { key: 'a' });
    expect(loadAuthSchemas).toHaveBeenCalled();
    vi.mocked(loadAuthSchemas).mockClear();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Ingresar' }));
    expect(loadAuthSchemas).toHaveBeenCalled();
  });

  it('shows the captcha when the draw exceeds the request value, and requires it', async () => {
    serve(() => captcha(-1));
    renderLogin();
    await waitFor(() => expect(input('captcha')).not.toBeNull());
    expect(screen.getByRole('img', { name: 'Imagen del captcha' }).getAttribute('src')).toBe(PNG_DATA_URL);
    // The reload button says what it does in words (no icon behind a MUI Tooltip on the first load).
    expect(screen.getByRole('button', { name: 'Cargar otro captcha' })).toHaveTextContent('Cargar otro captcha');
    expect(screen.getByText('Escribe las 5 letras o números de la imagen; da igual si en mayúsculas o minúsculas.')).toBeInTheDocument();
    type('email', 'ana@portales.gov.co');
    type('password', 'secreto');
    submit();
    expect(await screen.findByText('Debes ingresar el Captcha')).toBeInTheDocument();
  });

  it('shows the captcha when the server demands it, then sends it with its id', async () => {
    let attempt = 0;
    serve((url, init) => {
      if (url === '/api/v1/captcha/') return captcha(100, `c${++attempt}`);
      if (url === '/api/v1/auth/' && init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        return body.captcha
          ? { body: { token: 'x.eyJleHAiOjk5OTk5OTk5OTl9.y', user: { id: 1, name: 'Ana', email: 'a@b.co', permissions: [{ permissionID: 6, name: 'GlobalBanners' }] } } }
          : apiError(400, 'CaptchaRequired', 'Debes ingresar el Captcha', 'captcha');
      }
      return { body: { results: [], meta: { hasNextPage: false } } };
    });
    renderLogin();
    await screen.findByRole('button', { name: 'Ingresar' });
    expect(input('captcha')).toBeNull();
    type('email', 'ana@portales.gov.co');
    type('password', 'secreto');
    submit();
    await waitFor(() => expect(input('captcha')).not.toBeNull());
    expect(screen.getByText('Debes ingresar el Captcha')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/v1/captcha/').length).toBe(2));
    type('captcha', 'AB12');
    submit();
    await waitFor(() => expect(currentPath).toBe('/banners'));
    const login = requests.filter((r) => r.url === '/api/v1/auth/').at(-1)!;
    expect(login.body).toEqual({ email: 'ana@portales.gov.co', password: 'secreto', captcha: 'AB12', captchaId: 'c2' });
    expect(getToken()).toBe('x.eyJleHAiOjk5OTk5OTk5OTl9.y');
  });

  it('shows the captcha with the refusal that makes it required, not after one more attempt', async () => {
    let attempt = 0;
    serve((url, init) => {
      if (url === '/api/v1/captcha/') return captcha(100, `c${++attempt}`);
      if (url === '/api/v1/auth/' && init.method === 'POST') {
        const details = [{ code: 'CaptchaRequired', target: 'captcha', message: 'Debes ingresar el Captcha' }];
        return { status: 401, body: { error: { code: 'InvalidCredentials', message: 'Usuario o clave incorrecta', details } } };
      }
      return { body: {} };
    });
    renderLogin();
    await screen.findByRole('button', { name: 'Ingresar' });
    expect(input('captcha')).toBeNull();
    type('email', 'ana@portales.gov.co');
    type('password', 'mala');
    submit();
    expect(await screen.findByText('Usuario o clave incorrecta')).toBeInTheDocument();
    await waitFor(() => expect(input('captcha')).not.toBeNull());
    // A fresh image for the next attempt, and no error under an input the user has not had a chance to fill.
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/v1/captcha/').length).toBe(2));
    expect(screen.queryByText('Debes ingresar el Captcha')).toBeNull();
    type('password', 'buena');
    type('captcha', 'KX7PA');
    submit();
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/v1/auth/').length).toBe(2));
    expect(requests.filter((r) => r.url === '/api/v1/auth/').at(-1)!.body).toMatchObject({ captcha: 'KX7PA', captchaId: 'c2' });
  });

  it("wrong credentials show 'Usuario o clave incorrecta' and reload the captcha", async () => {
    serve((url) => (url === '/api/v1/captcha/' ? captcha(-1) : apiError(401, 'InvalidCredentials', 'x')));
    renderLogin();
    await waitFor(() => expect(input('captcha')).not.toBeNull());
    type('email', 'ana@portales.gov.co');
    type('password', 'mala');
    type('captcha', 'zzzz');
    submit();
    expect(await screen.findByText('Usuario o clave incorrecta')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/v1/captcha/').length).toBe(2));
    // The request is recorded when it is sent; the input empties once the new image has arrived.
    await waitFor(() => expect(input('captcha')!.value).toBe(''));
    expect(currentPath).toBe('/login');
  });

  it('shows the saved-password notice after a recovery', async () => {
    serve(() => captcha(100));
    renderLogin({ passwordSaved: true });
    expect(await screen.findByText('Tu nueva contraseña ha sido guardada')).toBeInTheDocument();
  });

  it('switches to the recovery form, validates and confirms the request', async () => {
    serve((url) => (url === '/api/v1/captcha/' ? captcha(100) : { body: { message: 'ok' } }));
    renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    expect(input('password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Debes ingresar un correo electrónico válido')).toBeInTheDocument();
    type('email', 'ana@portales.gov.co');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(
      await screen.findByText('Se ha enviado una url a tu correo electrónico para que puedas ingresar a cambiar tu contraseña.'),
    ).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ url: '/api/v1/users/passwordreset/', method: 'POST', body: { email: 'ana@portales.gov.co' } });
  });
});

describe('where sign-in leads', () => {
  it('/login with a valid session goes on to the landing route', async () => {
    serveSignIn([]);
    setToken(LONG_TOKEN);
    setStoredUser(userWith(['Reports', 'Users']));
    renderLogin();
    await waitFor(() => expect(currentPath).toBe('/administradores'));
    expect(screen.queryByRole('button', { name: 'Ingresar' })).toBeNull();
  });

  it('/login with a session holding no permission keeps the form (no redirect loop)', async () => {
    serveSignIn([]);
    setToken(LONG_TOKEN);
    setStoredUser(userWith([]));
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(currentPath).toBe('/login');
  });

  it('returns to the deep link the visitor came from when the user may open it', async () => {
    serveSignIn(['Settings']);
    renderAt('/configuracion/auditoria');
    await signInThroughForm();
    await waitFor(() => expect(currentPath).toBe('/configuracion/auditoria'));
  });

  it('keeps the query string of the deep link', async () => {
    serveSignIn(['Sites']);
    renderAt('/portales?estado=inactivos&departamento=5');
    await signInThroughForm();
    await waitFor(() => expect(currentPath).toBe('/portales'));
    expect(currentSearch).toBe('?estado=inactivos&departamento=5');
  });

  it('goes to the landing route instead when the user may not open the deep link', async () => {
    serveSignIn(['Reports']);
    renderAt('/configuracion/auditoria');
    await signInThroughForm();
    await waitFor(() => expect(currentPath).toBe('/metricas'));
  });

  it('goes to the landing route after a sign-in started at /login', async () => {
    serveSignIn(['GlobalContents', 'Settings']);
    renderLogin();
    await signInThroughForm();
    await waitFor(() => expect(currentPath).toBe('/contenidos'));
  });
});

describe('RecoveryPage', () => {
  const renderRecovery = (token: string) =>
    render(
      <MemoryRouter initialEntries={[`/recordar-clave/${token}`]}>
        <PathSpy />
        <App />
      </MemoryRouter>,
    );

  it('an invalid token goes to the not-found page', async () => {
    serve(() => apiError(404, 'NotFound', 'x'));
    renderRecovery('malo');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
    expect(currentPath).toBe('/pagina-no-encontrada');
  });

  it('validates the new password, saves it and returns to /login with the notice', async () => {
    serve((url, init) => {
      if (url === '/api/v1/captcha/') return captcha(100);
      if (init.method === 'PUT') return { body: {} };
      return { body: { valid: true, email: 'ana@portales.gov.co' } };
    });
    renderRecovery('tok123');
    const save = await screen.findByRole('button', { name: 'Guardar contraseña' });
    type('password', '12345');
    type('confirmPassword', '54321');
    fireEvent.click(save);
    expect(await screen.findByText('Debes por lo menos 6 caracteres')).toBeInTheDocument();
    type('password', '123456');
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    type('confirmPassword', '123456');
    fireEvent.click(save);
    expect(await screen.findByText('Tu nueva contraseña ha sido guardada')).toBeInTheDocument();
    expect(currentPath).toBe('/login');
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/v1/users/passwordreset/tok123',
      body: { password: '123456', confirmPassword: '123456' },
    });
  });

  it('does not cut a long new password: it shows the spec message and sends nothing', async () => {
    serve((_url, init) => (init.method === 'PUT' ? { body: {} } : { body: { valid: true, email: 'ana@portales.gov.co' } }));
    renderRecovery('tok60');
    const save = await screen.findByRole('button', { name: 'Guardar contraseña' });
    const long = 'abcdefghij'.repeat(6);
    const user = userEvent.setup();
    await user.type(input('password')!, long);
    expect(input('password')).toHaveValue(long);
    expect(input('password')).not.toHaveAttribute('maxlength');
    expect(await screen.findByText('Debes por lo menos 6 caracteres')).toBeInTheDocument();
    await user.type(input('confirmPassword')!, long);
    expect(input('confirmPassword')).toHaveValue(long);
    fireEvent.click(save);
    expect(await screen.findByText('Debes por lo menos 6 caracteres')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    expect(currentPath).toBe('/recordar-clave/tok60');
  });

  it("an invitation (an account without a password yet) reads as activating the account, not as changing a password", async () => {
    serve((url, init) => {
      if (url === '/api/v1/captcha/') return captcha(100);
      return init.method === 'PUT' ? { body: {} } : { body: { valid: true, email: 'nueva@portales.gov.co', invitation: true } };
    });
    renderRecovery('invitacion1');
    expect(await screen.findByRole('heading', { name: 'Activa tu cuenta' })).toBeInTheDocument();
    expect(screen.getByText('Crea tu contraseña para ingresar con nueva@portales.gov.co.')).toBeInTheDocument();
    expect(screen.queryByText('Cambiar contraseña')).toBeNull();
    expect(document.title).toBe('Activa tu cuenta · Portales');
    const save = screen.getByRole('button', { name: 'Crear contraseña y activar la cuenta' });
    type('password', '123456');
    type('confirmPassword', '123456');
    fireEvent.click(save);
    await waitFor(() => expect(currentPath).toBe('/login'));
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ url: '/api/v1/users/passwordreset/invitacion1' });
    // The sign-in page says the account is now active, not that a password was changed.
    expect(await screen.findByText('Tu cuenta está activa: ingresa con tu nueva contraseña')).toBeInTheDocument();
    expect(screen.queryByText('Tu nueva contraseña ha sido guardada')).toBeNull();
  });

  it('a failed change goes to the root', async () => {
    serve((_url, init) => (init.method === 'PUT' ? apiError(500, 'InternalError', 'x') : { body: { valid: true, email: 'a@b.co' } }));
    renderRecovery('tok');
    const save = await screen.findByRole('button', { name: 'Guardar contraseña' });
    type('password', '123456');
    type('confirmPassword', '123456');
    fireEvent.click(save);
    expect(await screen.findByRole('heading', { name: 'Solicitud de portal para entidades territoriales' })).toBeInTheDocument();
    expect(currentPath).toBe('/');
  });
});
