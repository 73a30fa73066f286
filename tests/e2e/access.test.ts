/** Landing routes, permission redirects, the not-found page and routing rules (spec 01 §2, §6). */
import { describe, expect, it } from 'vitest';
import { MENU_LABELS, menuEntry, setupE2e, topMenu } from '../helpers/e2e';

const e2e = setupE2e();

const pathname = (url: string) => new URL(url).pathname;

describe('permisos', () => {
  it('un usuario con solo Settings llega a /configuracion, no entra a /portales y solo ve Configuración', async () => {
    const { page } = e2e;
    const user = await e2e.createSuperadmin(['Settings'], { name: 'Usuario Solo Configuración' });
    await e2e.signIn(page, user.email, user.password);
    await page.waitForURL('**/configuracion');
    const menu = topMenu(page);
    await menuEntry(menu, 'Configuración').first().waitFor();
    for (const label of MENU_LABELS.filter((l) => l !== 'Configuración')) {
      expect(await menuEntry(menu, label).count(), label).toBe(0);
    }

    await page.goto(e2e.url('/portales'));
    await page.waitForURL('**/configuracion');
    expect(pathname(page.url())).toBe('/configuracion');

    const token = await e2e.storedToken(page);
    expect(token).toBeTruthy();
    const answer = await e2e.api<{ code?: string; error?: { code?: string } }>('/api/v1/sites/', { token });
    expect(answer.status).toBe(403);
  });

  it('un usuario con solo Reports llega a /metricas y sí puede abrir /portales', async () => {
    const { page } = e2e;
    const user = await e2e.createSuperadmin(['Reports'], { name: 'Usuario Solo Reportes' });
    await e2e.signIn(page, user.email, user.password);
    await page.waitForURL('**/metricas');
    const menu = topMenu(page);
    for (const label of ['Portales', 'Administradores', 'Ranking', 'Mensajes', 'Métricas']) await menuEntry(menu, label).first().waitFor();
    for (const label of ['Contenidos', 'Banners', 'Configuración']) expect(await menuEntry(menu, label).count(), label).toBe(0);

    await page.goto(e2e.url('/portales'));
    await page.getByRole('columnheader', { name: 'Tipo de entidad' }).waitFor();
    expect(pathname(page.url())).toBe('/portales');
    // Reports holders see every status tab (spec 01 'Site list').
    for (const tab of ['Todos', 'Activos', 'Inactivos', 'Por aprobar']) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).waitFor();
    }
    const token = await e2e.storedToken(page);
    expect((await e2e.api('/api/v1/sites/?pageSize=1', { token })).status).toBe(200);
    // …but not the Settings screens: sent back to the first allowed route, /metricas.
    await page.goto(e2e.url('/configuracion'));
    await page.waitForURL('**/metricas');
  });

  it('sin sesión, /portales lleva a /login', async () => {
    const { page } = e2e;
    await page.goto(e2e.url('/portales'));
    await page.waitForURL('**/login');
    await page.locator('input[name=email]').waitFor();
  });
});

describe('rutas', () => {
  it('una ruta desconocida muestra "Página no encontrada" con un enlace a /login', async () => {
    const { page } = e2e;
    await page.goto(e2e.url('/no-existe'));
    await page.waitForURL('**/pagina-no-encontrada');
    await page.getByText('Página no encontrada').first().waitFor();
    const link = page.locator('a[href="/login"]');
    await link.first().waitFor();
    await link.first().click();
    await page.waitForURL('**/login');
  });

  it('las rutas no distinguen mayúsculas y las secciones futuras muestran "en construcción" dentro del diseño', async () => {
    const { page } = e2e;
    await e2e.signInByApi(page);
    await page.goto(e2e.url('/PORTALES'));
    await page.getByRole('columnheader', { name: 'Tipo de entidad' }).waitFor();
    expect(await page.getByText('Página no encontrada').count()).toBe(0);

    await page.goto(e2e.url('/Mensajes'));
    await page.getByText('Esta sección está en construcción').first().waitFor();
    expect(pathname(page.url()).toLowerCase()).toBe('/mensajes');
    expect(await page.getByText('Página no encontrada').count()).toBe(0);
    await menuEntry(topMenu(page), 'Portales').first().waitFor();

    await page.goto(e2e.url('/Configuracion/Tramites-Tipos'));
    await page.getByText('Tipos de trámite').first().waitFor();
    expect(await page.getByText('Página no encontrada').count()).toBe(0);
  });
});
