/**
 * /configuracion/auditoria for a superadmin holding only Settings (issue 5): the screen loads its
 * rows and its user filter without any call that needs another permission, so no 403 and no reload.
 */
import { describe, expect, it } from 'vitest';
import { rawKeys, setupE2e } from '../helpers/e2e';

const e2e = setupE2e();

describe('auditoría con solo el permiso Settings', () => {
  it('muestra los registros y filtra por usuario sin 403 ni recargas', async () => {
    const { page } = e2e;
    const user = await e2e.createSuperadmin(['Settings'], { name: 'Auditora Solo Configuración' });
    const refused: string[] = [];
    const apiCalls: string[] = [];
    const auditQueries: URLSearchParams[] = [];
    let documentLoads = 0;
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/')) apiCalls.push(new URL(request.url()).pathname);
      if (new URL(request.url()).pathname === '/api/v1/audit/') auditQueries.push(new URL(request.url()).searchParams);
    });
    page.on('load', () => {
      documentLoads += 1;
    });

    await e2e.signIn(page, user.email, user.password);
    await page.waitForURL('**/configuracion');
    await page.getByRole('link', { name: /Auditoría/ }).click();
    await page.getByRole('table', { name: 'Auditoría' }).waitFor();
    const loadsOnArrival = documentLoads;

    const filter = page.getByRole('combobox', { name: 'Usuario' });
    await filter.fill('Auditora Solo');
    await page.getByRole('option', { name: new RegExp(user.email.replace(/[.+]/g, '\\$&')) }).click();
    const rows = page.getByRole('table', { name: 'Auditoría' }).locator('tbody > tr').filter({ has: page.getByRole('button', { name: 'Ver cambios' }) });
    await expect.poll(async () => (await rows.allTextContents()).every((text) => text.includes(user.email))).toBe(true);
    expect(await rows.count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('cell', { name: 'Inicio de sesión', exact: true }).count()).toBeGreaterThan(0);
    // Dates as Colombia writes them (issue 21), and the day filters typed dd/mm/aaaa whatever the browser's language.
    const firstDate = (await rows.first().locator('td').nth(1).textContent()) ?? '';
    expect(firstDate).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [ap]\. m\.$/);
    const from = page.getByRole('textbox', { name: 'Desde' });
    expect(await from.getAttribute('placeholder')).toBe('DD/MM/AAAA');
    await from.fill(firstDate.slice(0, 10));
    // The day's first instant in Colombia (UTC−5): 05:00 UTC.
    const [day, month, year] = firstDate.slice(0, 10).split('/');
    await expect.poll(() => auditQueries.some((query) => query.get('from') === `${year}-${month}-${day}T05:00:00.000Z`)).toBe(true);
    expect(await from.inputValue()).toBe(firstDate.slice(0, 10));
    await expect.poll(async () => (await rows.count()) > 0 && (await rows.allTextContents()).every((text) => text.includes(user.email))).toBe(true);

    expect(refused).toEqual([]);
    expect(apiCalls.filter((path) => path.startsWith('/api/v1/users'))).toEqual([]);
    expect(apiCalls).toContain('/api/v1/audit/actors/');
    expect(documentLoads).toBe(loadsOnArrival);
    // The audit trail's texts are a part its chunk waits for (i18n/es/audit.ts): no raw key on the screen.
    expect(await rawKeys(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/configuracion/auditoria');
  });
});
