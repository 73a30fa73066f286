/**
 * /administradores/eliminar for a superadmin holding only Settings (issue 10): from the settings index, 'Una
 * entidad' finds a portal, the confirmation names the exact number of its active administrators, and the request is
 * queued — without any call refused (a 403 would reload the page).
 */
import { describe, expect, it } from 'vitest';
import { setupE2e } from '../helpers/e2e';

const e2e = setupE2e();

describe('inactivación masiva con solo el permiso Settings', () => {
  it('cuenta, confirma con N y encola la inactivación de una entidad', async () => {
    const { page } = e2e;
    const [site] = await e2e.testApp.database.query<{ id: number; name: string; n: number }>(
      `select s.id, s.name, count(*)::int as n from sites s join users u on u.site_id = s.id and u.user_type_id = 1 and not u.deleted
       where not s.is_deleted and length(s.name) >= 6 group by s.id, s.name order by count(*) desc, s.id limit 1`,
    );
    const user = await e2e.createSuperadmin(['Settings']);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });

    await e2e.signIn(page, user.email, user.password);
    await page.waitForURL('**/configuracion');
    await page.getByRole('link', { name: /Inactivación masiva de administradores/ }).click();
    await page.getByRole('radio', { name: 'Una entidad' }).check();
    await page.getByRole('combobox', { name: 'Entidad' }).fill(site!.name);
    await page.getByRole('option', { name: new RegExp(`^${site!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first().click();
    await page.getByRole('button', { name: 'Consultar administradores' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.textContent())
      .toContain(`Estás a punto de inactivar ${site!.n} administradores de entidades territoriales, ¿deseas continuar?`);
    await dialog.getByRole('button', { name: 'Inactivar administradores' }).click();
    await page.getByText('el cambio se verá reflejado en unos minutos', { exact: false }).first().waitFor();

    const [job] = await e2e.testApp.database.query<{ n: number }>(
      "select jsonb_array_length(payload->'userIds')::int as n from jobs where kind = 'users.deactivate' order by id desc limit 1",
    );
    expect(job!.n).toBe(site!.n);
    expect(refused).toEqual([]);
    await page.getByRole('link', { name: 'Atrás' }).click();
    await page.waitForURL('**/configuracion');
  });
});
