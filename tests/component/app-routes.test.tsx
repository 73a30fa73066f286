/** The whole application in memory: routes, permission redirects, not-found, case-insensitive paths, menu. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setStoredUser, setToken } from '../../authProvider/storage';
import { App } from '../../src/App';

function signIn(permissions: string[]) {
  const exp = Math.floor(Date.now() / 1000) + 600;
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  setToken(`${encode({ alg: 'HS256' })}.${encode({ sub: '1', sid: 's', exp })}.sig`);
  setStoredUser({
    id: 1,
    name: 'Ana Pérez',
    email: 'ana@portales.gov.co',
    permissions: permissions.map((name, index) => ({ permissionID: index + 1, name })),
  });
}

let currentPath = '';
function PathSpy() {
  currentPath = useLocation().pathname;
  return null;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PathSpy />
      <App />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  clearSession();
  localStorage.setItem('cookies', 'true');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ results: [], meta: { hasNextPage: false, total: 0 } }), { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routing', () => {
  it('sends an unknown path to /pagina-no-encontrada with a link to /login', async () => {
    signIn(['Sites']);
    renderAt('/no-existe/para-nada');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
    expect(currentPath).toBe('/pagina-no-encontrada');
    expect(screen.getByRole('link', { name: 'Ir al inicio de sesión' })).toHaveAttribute('href', '/login');
  });

  it('also for a visitor without a session', async () => {
    renderAt('/otra-cosa');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
  });

  it('matches routes case-insensitively', async () => {
    signIn(['GlobalContents']);
    renderAt('/CONTENIDOS');
    expect(await screen.findByRole('heading', { name: 'Contenidos' })).toBeInTheDocument();
    expect(screen.getByText('Esta sección está en construcción')).toBeInTheDocument();
    expect(currentPath).toBe('/CONTENIDOS');
  });

  it('a route without its screen yet shows UnderConstruction inside the layout, not the not-found page', async () => {
    signIn(['Settings']);
    renderAt('/configuracion/tooltips');
    expect(await screen.findByRole('heading', { name: 'Tooltips' })).toBeInTheDocument();
    expect(screen.getByText('Esta sección está en construcción')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menú principal' })).toBeInTheDocument();
  });

  it('without the permission, redirects to the first landing route in the spec order', async () => {
    signIn(['Reports', 'Users']);
    renderAt('/contenidos');
    expect(await screen.findByRole('heading', { name: 'Administradores' })).toBeInTheDocument();
    expect(currentPath).toBe('/administradores');
  });

  it('Messages-only users land on /mensajes; users without any permission go to /login', async () => {
    signIn(['Messages']);
    const first = renderAt('/configuracion');
    expect(await screen.findByRole('heading', { name: 'Mensajes' })).toBeInTheDocument();
    first.unmount();
    signIn([]);
    renderAt('/metricas');
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(currentPath).toBe('/login');
  });

  it('a protected route without a session goes to /login', async () => {
    renderAt('/banners');
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(currentPath).toBe('/login');
  });

  it('the public pages open without a session', async () => {
    renderAt('/terminos-condiciones');
    expect(await screen.findByRole('heading', { name: 'Términos y condiciones' })).toBeInTheDocument();
    expect(screen.getByText(/más de 3 meses/)).toBeInTheDocument();
    expect(screen.getByText(/1 mes para responder/)).toBeInTheDocument();
    expect(screen.getByText(/90 días/)).toBeInTheDocument();
  });

  it("'/' is the public request page with a link to /login", async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Solicitud de portal para entidades territoriales' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ingresar al administrador' })).toHaveAttribute('href', '/login');
  });

  it("react-admin's resource path leads to the declaration's screen", async () => {
    signIn(['Settings']);
    renderAt('/sitetypes');
    await vi.waitFor(() => expect(currentPath).toBe('/configuracion/tipos'));
  });
});

describe('top menu', () => {
  const labels = async () => {
    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    return within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
  };

  it('shows only the entries of the held permissions, in the spec order', async () => {
    signIn(['Reports']);
    renderAt('/metricas');
    expect(await labels()).toEqual(['Portales', 'Administradores', 'Ranking', 'Mensajes', 'Métricas']);
    expect(screen.getByText('Ana Pérez')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it('Settings alone shows Configuración only', async () => {
    signIn(['Settings']);
    renderAt('/configuracion/pie-pagina');
    expect(await labels()).toEqual(['Configuración']);
  });

  it('all permissions show the eight entries', async () => {
    signIn(['Sites', 'Impersonate', 'Reports', 'GlobalContents', 'Users', 'GlobalBanners', 'Messages', 'Tickets', 'Settings']);
    renderAt('/mensajes');
    expect(await labels()).toEqual(['Portales', 'Contenidos', 'Banners', 'Administradores', 'Ranking', 'Mensajes', 'Configuración', 'Métricas']);
  });
});
