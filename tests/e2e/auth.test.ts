/** Sign-in, its validation messages, wrong password, logout, and password recovery end to end (spec 01 §2, §5, §8). */
import { describe, expect, it } from 'vitest';
import { ADMIN, MENU_LABELS, dismissNotices, linkFromMail, menuEntry, setupE2e, topMenu, userByEmail } from '../helpers/e2e';

const e2e = setupE2e();

describe('inicio de sesión', () => {
  it('lleva al superadministrador a /portales con el menú completo y su nombre', async () => {
    const { page } = e2e;
    await page.goto(e2e.url('/login'));
    await e2e.signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/portales');
    expect(new URL(page.url()).pathname).toBe('/portales');
    const menu = topMenu(page);
    for (const label of MENU_LABELS) await menuEntry(menu, label).first().waitFor();
    const admin = await userByEmail(e2e.testApp, ADMIN.email);
    await page.getByText(admin!.name, { exact: true }).first().waitFor();
    // The site list itself is there.
    await page.getByRole('columnheader', { name: 'Tipo de entidad' }).waitFor();
  });

  it('muestra cada mensaje de validación del formulario', async () => {
    const { page } = e2e;
    await page.goto(e2e.url('/login'));
    await dismissNotices(page);
    const submit = page.getByRole('button', { name: 'Ingresar' });
    await submit.click();
    await page.getByText('Debes ingresar el correo electrónico').first().waitFor();
    await page.getByText('Debes ingresar tu contraseña').first().waitFor();
    await page.locator('input[name=email]').fill('no-es-un-correo');
    await page.locator('input[name=password]').fill('algo');
    await submit.click();
    await page.getByText('Correo electrónico no válido').first().waitFor();
    expect(await page.getByText('Debes ingresar tu contraseña').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('rechaza una contraseña equivocada con "Usuario o clave incorrecta"', async () => {
    const { page } = e2e;
    await page.goto(e2e.url('/login'));
    await page.locator('input[name=email]').fill(ADMIN.email);
    await page.locator('input[name=password]').fill('Clave-equivocada-9');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByText('Usuario o clave incorrecta').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await e2e.storedToken(page)).toBeNull();
  });

  it('cierra la sesión: vuelve a /login y el token anterior queda revocado', async () => {
    const { page } = e2e;
    const user = await e2e.createSuperadmin(['Sites'], { name: 'Usuaria Cierre Sesión' });
    await e2e.signIn(page, user.email, user.password);
    const token = await e2e.storedToken(page);
    expect(token).toBeTruthy();
    expect((await e2e.api('/api/v1/auth/', { token })).status).toBe(200);
    const logout = page.getByText('Cerrar sesión', { exact: true });
    if (!(await logout.first().isVisible())) await page.getByText(user.name, { exact: true }).first().click();
    await logout.first().click();
    await page.waitForURL('**/login');
    expect(await e2e.storedToken(page)).toBeNull();
    expect((await e2e.api('/api/v1/auth/', { token })).status).toBe(401);
  });
});

describe('a dónde lleva el inicio de sesión', () => {
  it('vuelve al enlace profundo cuando el usuario puede abrirlo, con el título de la pantalla en la pestaña', async () => {
    const { page } = e2e;
    await page.goto(e2e.url('/configuracion/auditoria'));
    await page.waitForURL('**/login');
    await e2e.signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/configuracion/auditoria');
    await expect.poll(() => page.title()).toBe('Auditoría · Portales');
    // MUI's own buttons speak Spanish too (the user filter's autocomplete was 'Open').
    await page.getByRole('combobox').first().waitFor();
    expect(await page.locator('[aria-label="Open"], [title="Open"], [aria-label="Clear"], [title="Close"]').count()).toBe(0);
  });

  it('lleva a la ruta de llegada cuando el usuario no puede abrir el enlace profundo', async () => {
    const { page } = e2e;
    const user = await e2e.createSuperadmin(['Reports']);
    await page.goto(e2e.url('/configuracion/auditoria'));
    await page.waitForURL('**/login');
    await e2e.signIn(page, user.email, user.password);
    await page.waitForURL('**/metricas');
  });

  it('/login con la sesión abierta lleva a la ruta de llegada', async () => {
    const { page } = e2e;
    const user = await e2e.createSuperadmin(['GlobalContents']);
    await e2e.signIn(page, user.email, user.password);
    await page.waitForURL('**/contenidos');
    await page.goto(e2e.url('/login'));
    await page.waitForURL('**/contenidos');
    await expect.poll(() => page.title()).toBe('Contenidos · Portales');
  });
});

describe('recuperación de contraseña', () => {
  it('envía el enlace, exige que coincidan y guarda la nueva contraseña', async () => {
    const { page } = e2e;
    const user = await e2e.createSuperadmin(['Sites'], { name: 'Usuario Recuperación' });
    await page.goto(e2e.url('/login'));
    await dismissNotices(page);
    await page.getByText('¿Olvidaste tu contraseña?').first().click();
    await page.getByText('Recuperar contraseña').first().waitFor();
    const since = Date.now();
    await page.locator('input[name=email]').fill(user.email);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page
      .getByText('Se ha enviado una url a tu correo electrónico para que puedas ingresar a cambiar tu contraseña.')
      .first()
      .waitFor();

    const mail = await e2e.waitForMail(since);
    expect(mail.text).toContain(user.email);
    const link = linkFromMail(mail.text, '/recordar-clave/', e2e.baseUrl);
    await page.goto(link);
    const passwords = page.locator('input[type=password]');
    await passwords.nth(1).waitFor();
    await passwords.nth(0).fill('Nueva-clave-1');
    await passwords.nth(1).fill('Otra-clave-2');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText('Las contraseñas no coinciden').first().waitFor();

    await passwords.nth(1).fill('Nueva-clave-1');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText('Tu nueva contraseña ha sido guardada').first().waitFor();
    await page.waitForURL('**/login');

    await page.locator('input[name=email]').fill(user.email);
    await page.locator('input[name=password]').fill(user.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByText('Usuario o clave incorrecta').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await e2e.signIn(page, user.email, 'Nueva-clave-1');
    await page.waitForURL('**/portales');
  });
});
