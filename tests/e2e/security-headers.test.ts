/** The built admin runs under the strict Content-Security-Policy without a single violation. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, MENU_LABELS, menuEntry, setupE2e, topMenu } from '../helpers/e2e';

const e2e = setupE2e();

interface Watch {
  /** Console errors and warnings about the policies, and `securitypolicyviolation` events seen by the page. */
  problems(): Promise<string[]>;
}

/** Starts recording policy problems on `page`; call before its first navigation. */
async function watchPolicies(page: Page): Promise<Watch> {
  const consoleProblems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if ((message.type() === 'error' || message.type() === 'warning') && /Content.Security.Policy|Permissions.Policy|Refused to/i.test(text)) {
      consoleProblems.push(`[${message.type()}] ${text}`);
    }
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return {
    async problems() {
      await page.waitForLoadState('networkidle');
      const events = await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
      return [...consoleProblems, ...events];
    },
  };
}

describe('Content-Security-Policy en el navegador', () => {
  it('la página de inicio de sesión (con su captcha) no produce violaciones', async () => {
    const { page } = e2e;
    const watch = await watchPolicies(page);
    const response = await page.goto(e2e.url('/login'));
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    await page.locator('input[name=email]').waitFor();
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    expect(await watch.problems()).toEqual([]);
  });

  it('las pantallas tras iniciar sesión tampoco', async () => {
    const { page } = e2e;
    const watch = await watchPolicies(page);
    await page.goto(e2e.url('/login'));
    await e2e.signIn(page, ADMIN.email, ADMIN.password);
    for (const label of MENU_LABELS) await menuEntry(topMenu(page), label).first().waitFor();
    await page.getByRole('columnheader', { name: 'Tipo de entidad' }).waitFor();
    await page.goto(e2e.url('/configuracion'));
    await menuEntry(topMenu(page), 'Configuración').first().waitFor();
    expect(await watch.problems()).toEqual([]);
  });

  it('sirve el favicon SVG que enlaza la página', async () => {
    const { page } = e2e;
    await page.goto(e2e.url('/login'));
    const href = await page.locator('link[rel=icon]').getAttribute('href');
    expect(href).toBe('/favicon.svg');
    const favicon = await e2e.api<string>(href!);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toContain('image/svg+xml');
    expect(favicon.body).toContain('<svg');
  });
});
