/**
 * Accessibility of every real screen (issue 5): axe-core's WCAG 2 A/AA rules find no serious or
 * critical violation on the public pages, the screens under the layout (signed in as the full
 * admin), the 'en construcción' panels and the dialogs. A failure lists each violation readably.
 * Signed in, the screens are opened by the app's router (no reload between them: the app and axe load once).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalogueResources } from '../../resources/index';
import { blockingViolations, describeViolations } from '../helpers/axe';
import { ADMIN, dismissNotices, setupE2e } from '../helpers/e2e';

const e2e = setupE2e();

/** Checks the page as it is now and keeps the report of its violations. */
async function check(page: Page, screen: string, failures: string[]): Promise<void> {
  const violations = await blockingViolations(page);
  if (violations.length > 0) failures.push(describeViolations(screen, violations));
}

async function visit(page: Page, route: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  await page.goto(e2e.url(route));
  await ready(page);
  await page.waitForLoadState('networkidle');
}

/** Counts the page's requests in flight (not the realtime stream, which stays open). */
function trackRequests(page: Page): () => number {
  let inFlight = 0;
  const counted = (request: { resourceType(): string }) => !['eventsource', 'websocket'].includes(request.resourceType());
  page.on('request', (request) => {
    if (counted(request)) inFlight += 1;
  });
  const finished = (request: { resourceType(): string }) => {
    if (counted(request)) inFlight -= 1;
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return () => inFlight;
}

/**
 * Opens `route` through the app's router, as a link in the app would (history entry + popstate, which
 * react-router follows), waits for the screen and then for its calls to end (as 'networkidle' waits after a load).
 */
async function navigate(page: Page, inFlight: () => number, route: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  await page.evaluate((target) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: `e2e${idx}`, idx }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, route);
  await page.waitForURL((url) => url.pathname === route);
  await ready(page);
  await requestsDone(inFlight);
}

/** No request in flight for 500 ms. */
async function requestsDone(inFlight: () => number): Promise<void> {
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (inFlight() > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 500;
      },
      { interval: 100, timeout: 15_000 },
    )
    .toBe(true);
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();

describe('accesibilidad (axe-core, WCAG 2 A/AA): ninguna violación grave o crítica', () => {
  it('páginas públicas: inicio, ingreso, recuperación, términos y página no encontrada', async () => {
    const { page } = e2e;
    const failures: string[] = [];
    await visit(page, '/', (p) => p.locator('main, [role=main], h1').first().waitFor());
    await check(page, '/ (inicio)', failures);

    await visit(page, '/login', (p) => p.locator('input[name=email]').waitFor());
    await check(page, '/login', failures);

    await page.getByText('¿Olvidaste tu contraseña?').first().click();
    await heading('Recuperar contraseña')(page);
    await check(page, '/login (recuperar contraseña)', failures);

    await visit(page, '/terminos-condiciones', (p) => p.locator('h1').first().waitFor());
    await check(page, '/terminos-condiciones', failures);

    await visit(page, '/pagina-no-encontrada', heading('Página no encontrada'));
    await check(page, '/pagina-no-encontrada', failures);

    expect(failures.join('\n\n')).toBe('');
  });

  it('pantallas con sesión: portales, configuración, catálogos con su diálogo, auditoría, administradores y secciones en construcción', async () => {
    const { page } = e2e;
    const failures: string[] = [];
    const inFlight = trackRequests(page);
    await e2e.signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForLoadState('networkidle');
    await check(page, `${new URL(page.url()).pathname} (llegada tras ingresar)`, failures);
    const go = (route: string, ready: (page: Page) => Promise<unknown>) => navigate(page, inFlight, route, ready);

    await go('/portales', heading('Portales'));
    await check(page, '/portales', failures);

    await go('/configuracion', (p) => p.getByRole('heading', { name: 'Accesos directos' }).waitFor());
    await requestsDone(inFlight);
    await check(page, '/configuracion (con los accesos directos)', failures);

    for (const declaration of catalogueResources) {
      await go(declaration.route, (p) => p.getByRole('button', { name: 'Agregar' }).waitFor());
      await dismissNotices(page);
      await check(page, declaration.route, failures);
      await page.getByRole('button', { name: 'Agregar' }).click();
      await page.getByRole('dialog').waitFor();
      await check(page, `${declaration.route} (diálogo Agregar)`, failures);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }

    await go('/configuracion/auditoria', (p) => p.getByRole('table', { name: 'Auditoría' }).waitFor());
    await check(page, '/configuracion/auditoria', failures);
    await page.getByRole('button', { name: 'Ver cambios' }).first().click();
    await page.getByRole('button', { name: 'Ocultar cambios' }).first().waitFor();
    await check(page, '/configuracion/auditoria (cambios de un registro)', failures);
    await page.getByRole('combobox', { name: 'Usuario' }).click();
    await page.getByRole('listbox').waitFor();
    await check(page, '/configuracion/auditoria (filtro de usuario abierto)', failures);
    await page.keyboard.press('Escape');

    await go('/administradores', heading('Administradores'));
    for (const tab of ['Superadministradores', 'Administradores', 'Usuarios']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor();
      await requestsDone(inFlight);
      await check(page, `/administradores (pestaña ${tab})`, failures);
    }

    // Global content (issue 24) and the portals' look (issue 25): pop-ups and news, banners, content logos, footer, menus.
    for (const [route, name] of [
      ['/contenidos', 'Contenidos'],
      ['/banners', 'Banners'],
      ['/configuracion/logos/contenidos', 'Logos de contenidos'],
      ['/configuracion/pie-pagina', 'Pie de página'],
      ['/configuracion/menu-sitios', 'Menú destacado'],
    ]) {
      await go(route!, heading(name!));
      await requestsDone(inFlight);
      await check(page, route!, failures);
    }

    // Settings of issue 25: generated editors, the GOV.CO bar with its preview, checkboxes, rich text, the policy histories,
    // the update schedule and the e-mail report.
    for (const [route, name] of [
      ['/configuracion/valores', 'Valores generales'],
      ['/configuracion/barra-govco', 'Barra GOV.CO'],
      ['/configuracion/pqrds', 'Variables PQRDS'],
      ['/configuracion/terminos', 'Términos y condiciones de los portales'],
      ['/configuracion/tooltips', 'Tooltips'],
      ['/configuracion/politicas-datos', 'Políticas de tratamiento de datos'],
      ['/configuracion/actualizacion-administradores', 'Actualización de datos de administradores'],
      ['/configuracion/exportar-reporte-correos', 'Registro de correos'],
    ]) {
      await go(route!, heading(name!));
      await requestsDone(inFlight);
      await check(page, route!, failures);
    }

    for (const route of ['/configuracion/galeria', '/mensajes', '/metricas']) {
      await go(route, (p) => p.getByText('Esta sección está en construcción').waitFor());
      await check(page, `${route} (en construcción)`, failures);
    }

    expect(failures.join('\n\n')).toBe('');
  });
});
