/** The whole application in memory: routes, permission redirects, not-found, case-insensitive paths, menu. */
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setStoredUser, setToken } from '../../authProvider/storage';
import { App } from '../../src/App';

// Whole screens load lazily with their data: on a busy machine the default one-second wait of
// findBy/waitFor is too short (a limit on waiting, not a timed assertion).
configure({ asyncUtilTimeout: 5000 });

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
    signIn(['Reports']);
    renderAt('/METRICAS');
    expect(await screen.findByRole('heading', { name: 'Métricas' })).toBeInTheDocument();
    expect(screen.getByText('Esta sección está en construcción')).toBeInTheDocument();
    expect(currentPath).toBe('/METRICAS');
  });

  it('a route without its screen yet shows UnderConstruction inside the layout, not the not-found page', async () => {
    signIn(['Settings']);
    renderAt('/configuracion/galeria');
    expect(await screen.findByRole('heading', { name: 'Galería' })).toBeInTheDocument();
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

/** Answers of the API for the screens below: one site, one entity type, a recovery token; other lists empty. */
function serveScreens() {
  const list = (results: object[], total = results.length) => ({ results, meta: { hasNextPage: total > results.length, total } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname;
      let body: unknown = list([]);
      if (path === '/api/v1/sites/') {
        body = list(
          [{ id: 7, name: 'Alcaldía de Prueba', siteType: 'Alcaldía', parentLocation: 'Antioquia', childLocation: 'Bello', statusId: 1, installed: true, countUsers: 3 }],
          45,
        );
      } else if (path === '/api/v1/sitetypes/') {
        body = list([{ id: 1, name: 'Gobernación', applicablePopulationPercentage: 10 }], 45);
      } else if (path.toLowerCase() === '/api/v1/documenttype') {
        body = list([{ documentTypeID: 4, name: 'Cédula de ciudadanía', deleted: false }], 45);
      } else if (path.startsWith('/api/v1/users/passwordreset/')) {
        body = { valid: true, email: 'ana@portales.gov.co' };
      }
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}

describe('browser tab title', () => {
  const ALL = ['Sites', 'Impersonate', 'Reports', 'GlobalContents', 'Users', 'GlobalBanners', 'Messages', 'Tickets', 'Settings'];
  const cases: Array<[path: string, permissions: string[] | null, heading: string, title: string]> = [
    ['/login', null, 'Iniciar sesión', 'Iniciar sesión · Portales'],
    ['/recordar-clave/tok', null, 'Cambiar contraseña', 'Cambiar contraseña · Portales'],
    ['/terminos-condiciones', null, 'Términos y condiciones', 'Términos y condiciones · Portales'],
    ['/', null, 'Solicitud de portal para entidades territoriales', 'Solicitud de portal para entidades territoriales · Portales'],
    ['/pagina-no-encontrada', null, 'Página no encontrada', 'Página no encontrada · Portales'],
    ['/portales', ALL, 'Portales', 'Portales · Portales'],
    ['/configuracion', ALL, 'Configuración', 'Configuración · Portales'],
    ['/configuracion/tipos', ALL, 'Tipos de entidad', 'Tipos de entidad · Portales'],
    ['/configuracion/auditoria', ALL, 'Auditoría', 'Auditoría · Portales'],
    ['/contenidos', ALL, 'Contenidos', 'Contenidos · Portales'],
    ['/configuracion/tooltips', ALL, 'Tooltips', 'Tooltips · Portales'],
  ];

  for (const [path, permissions, heading, title] of cases) {
    it(`${path} → '${title}'`, async () => {
      serveScreens();
      document.title = 'sin título';
      if (permissions) signIn(permissions);
      renderAt(path);
      await screen.findByRole('heading', { name: heading, level: 1 });
      await vi.waitFor(() => expect(document.title).toBe(title));
    });
  }

  it('follows navigation, and a refused screen never names the tab', async () => {
    serveScreens();
    signIn(['Reports', 'Users']);
    renderAt('/contenidos');
    await screen.findByRole('heading', { name: 'Administradores', level: 1 });
    await vi.waitFor(() => expect(document.title).toBe('Administradores · Portales'));
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Métricas' }));
    await screen.findByRole('heading', { name: 'Métricas', level: 1 });
    await vi.waitFor(() => expect(document.title).toBe('Métricas · Portales'));
  });
});

describe('no English in the interface', () => {
  /** Texts MUI and react-admin show in English when a Spanish text is missing. */
  const ENGLISH = [
    'Open', 'Close', 'Clear', 'No options', 'Loading', 'Rows per page', 'Sort', 'Sort by', 'Next page', 'Previous page',
    'Go to page', 'Go to next page', 'Go to previous page', 'Go to first page', 'Go to last page', 'Show password',
    'Hide password', 'Menu', 'Close menu', 'Open menu', 'Refresh', 'Search', 'Actions', 'Skip to content', 'Page', 'of',
  ];
  const ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription', 'aria-valuetext'];

  /** Every visible text, accessible name and tooltip of the document, each with where it was found. */
  function interfaceTexts(): string[] {
    const texts = [`title: ${document.title}`];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(`text: ${node.textContent ?? ''}`);
    for (const element of document.body.querySelectorAll('*')) {
      for (const attribute of ATTRIBUTES) {
        const value = element.getAttribute(attribute);
        if (value) texts.push(`${attribute}: ${value}`);
      }
    }
    return texts;
  }

  function englishFound(): string[] {
    const patterns = ENGLISH.map((word) => ({ word, pattern: new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, 'u') }));
    return interfaceTexts().flatMap((text) => patterns.filter(({ pattern }) => pattern.test(text)).map(({ word }) => `${word} ← ${text}`));
  }

  it('the detector finds an English label (it cannot pass vacuously)', () => {
    render(<button aria-label="Open" title="Rows per page">x</button>);
    expect(englishFound()).toEqual(['Open ← aria-label: Open', 'Rows per page ← title: Rows per page']);
  });

  const ALL = ['Sites', 'Impersonate', 'Reports', 'GlobalContents', 'Users', 'GlobalBanners', 'Messages', 'Tickets', 'Settings'];
  const screens: Array<[path: string, signedIn: boolean, ready: () => Promise<unknown>]> = [
    ['/login', false, () => screen.findByRole('button', { name: 'Ingresar' })],
    ['/recordar-clave/tok', false, () => screen.findByRole('button', { name: 'Guardar contraseña' })],
    ['/', false, () => screen.findByRole('link', { name: 'Ingresar al administrador' })],
    ['/terminos-condiciones', false, () => screen.findByRole('heading', { name: 'Términos y condiciones' })],
    ['/pagina-no-encontrada', false, () => screen.findByRole('link', { name: 'Ir al inicio de sesión' })],
    ['/portales', true, () => screen.findByRole('row', { name: 'Abrir la entidad Alcaldía de Prueba' })],
    ['/configuracion', true, () => screen.findByRole('link', { name: /Tipos de entidad/ })],
    ['/configuracion/tipos', true, () => screen.findByText('Gobernación')],
    ['/configuracion/tipo-documentos', true, () => screen.findByText('Cédula de ciudadanía')],
    ['/configuracion/auditoria', true, () => screen.findAllByRole('combobox')],
    ['/metricas', true, () => screen.findByText('Esta sección está en construcción')],
  ];

  for (const [path, signedIn, ready] of screens) {
    it(`${path} shows no English text, name or tooltip`, async () => {
      serveScreens();
      if (signedIn) signIn(ALL);
      renderAt(path);
      await ready();
      expect(englishFound()).toEqual([]);
    });
  }

  it('sort headers and paging of a catalogue speak Spanish', async () => {
    serveScreens();
    signIn(['Settings']);
    renderAt('/configuracion/tipos');
    await screen.findByText('Gobernación');
    const sortLabels = [...document.querySelectorAll('thead [data-field]')].map((header) => header.getAttribute('aria-label'));
    expect(sortLabels).toEqual([
      'Ordenar por ID en orden descendente',
      'Ordenar por Nombre en orden ascendente',
      'Ordenar por Porcentaje de población en orden ascendente',
    ]);
    expect(englishFound()).toEqual([]);
  });

  it('the paging of a catalogue speaks Spanish', async () => {
    serveScreens();
    signIn(['Settings']);
    renderAt('/configuracion/tipo-documentos');
    await screen.findByText('Cédula de ciudadanía');
    expect(await screen.findByRole('button', { name: 'Ir a la página siguiente' })).toBeInTheDocument();
    expect(englishFound()).toEqual([]);
  });
});
