/**
 * /administradores/eliminar for a superadmin holding only Settings (issue 10): from the settings index, 'Una
 * entidad' finds a portal, the confirmation names the exact number of its active administrators, and the request is
 * queued — without any call refused (a 403 would reload the page). Once the job has run, 'Deshacer' restores exactly
 * the administrators it deactivated: not one inactive before, not one whose state changed otherwise since.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createJobRunner } from '../../server/jobs';
import { setupE2e } from '../helpers/e2e';

const e2e = setupE2e();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 'Una entidad' → the portal → the count → the confirmation with N → the request queued. */
async function deactivateEntity(page: Page, site: { name: string }, expected: number): Promise<void> {
  await page.getByRole('radio', { name: 'Una entidad' }).check();
  await page.getByRole('combobox', { name: 'Entidad' }).fill(site.name);
  await page.getByRole('option', { name: new RegExp(`^${escape(site.name)}`) }).first().click();
  await page.getByRole('button', { name: 'Consultar administradores' }).click();
  const dialog = page.getByRole('dialog');
  await expect
    .poll(() => dialog.textContent())
    .toContain(`Estás a punto de inactivar ${expected} administradores de entidades territoriales, ¿deseas continuar?`);
  await dialog.getByRole('button', { name: 'Inactivar administradores' }).click();
  await page.getByText('el cambio se verá reflejado en unos minutos', { exact: false }).first().waitFor();
}

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
    await deactivateEntity(page, site!, site!.n);

    const [job] = await e2e.testApp.database.query<{ n: number }>(
      "select jsonb_array_length(payload->'userIds')::int as n from jobs where kind = 'users.deactivate' order by id desc limit 1",
    );
    expect(job!.n).toBe(site!.n);
    expect(refused).toEqual([]);
    await page.getByRole('link', { name: 'Atrás' }).click();
    await page.waitForURL('**/configuracion');
  });

  it('Deshacer reactiva exactamente los administradores que inactivó el trabajo', async () => {
    const { page } = e2e;
    const { database } = e2e.testApp;
    // A portal other than the first test's, with three active administrators of this test and one already inactive.
    const [site] = await database.query<{ id: number; name: string }>(
      `select s.id, s.name from sites s where not s.is_deleted and length(s.name) >= 6 and s.installed
          and not exists (select 1 from jobs j where j.kind = 'users.deactivate' and j.payload->'request'->>'sites' = s.id::text)
          -- A name no other portal starts with: the search's first option is this portal.
          and not exists (select 1 from sites o where o.id <> s.id and o.name_key like s.name_key || '%')
        order by s.id desc limit 1`,
    );
    const stamp = Date.now();
    const made = await database.query<{ id: number; email: string; deleted: boolean }>(
      `insert into users (user_type_id, name, email, site_id, deleted)
       select 1, 'Administrador deshacer ' || k, 'deshacer-' || k || '-${stamp}@entidad.gov.co', $1, k = 4 from generate_series(1, 4) k
       returning id, email, deleted`,
      [site!.id],
    );
    const [before] = await database.query<{ n: number }>('select count(*)::int as n from users where site_id = $1 and user_type_id = 1 and not deleted', [site!.id]);
    const activeBefore = (await database.query<{ id: number }>('select id from users where site_id = $1 and user_type_id = 1 and not deleted order by id', [site!.id])).map((row) => row.id);
    expect(before!.n).toBeGreaterThanOrEqual(3);

    const user = await e2e.createSuperadmin(['Settings']);
    await e2e.signInByApi(page, user.email, user.password);
    await page.goto(e2e.url('/administradores/eliminar'));
    await deactivateEntity(page, site!, before!.n);
    await createJobRunner(e2e.testApp.context, { instanceId: 'e2e-deactivation', log: () => {} }).drain();
    expect(await database.query('select id from users where site_id = $1 and user_type_id = 1 and not deleted', [site!.id])).toEqual([]);

    // Since the job, someone reactivated and deactivated one of them again: that one is no longer the job's to undo.
    const [third] = made.filter((row) => !row.deleted).slice(-1);
    await database.query('update users set deleted = false where id = $1', [third!.id]);
    await database.query('update users set deleted = true where id = $1', [third!.id]);

    await page.reload();
    const run = page.getByRole('listitem').filter({ hasText: user.email });
    await run.getByText(`${before!.n} de ${before!.n} administradores inactivados`).waitFor();
    await run.getByRole('button', { name: 'Deshacer' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Se reactivarán los administradores que inactivó esta operación', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText(`Se reactivaron ${before!.n - 1} administradores.`).waitFor();
    await run.getByText(`Deshecha: ${before!.n - 1} administradores reactivados`).waitFor();
    expect(await run.getByRole('button', { name: 'Deshacer' }).count()).toBe(0);

    const activeAfter = (await database.query<{ id: number }>('select id from users where site_id = $1 and user_type_id = 1 and not deleted order by id', [site!.id])).map((row) => row.id);
    expect(activeAfter).toEqual(activeBefore.filter((id) => id !== third!.id));
    const inactive = (await database.query<{ id: number }>('select id from users where site_id = $1 and user_type_id = 1 and deleted order by id', [site!.id])).map((row) => row.id);
    expect(inactive).toEqual([third!.id, made.find((row) => row.deleted)!.id].sort((a, b) => a - b));
  });
});
