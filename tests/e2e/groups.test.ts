/**
 * Group management in the browser (issue 8, spec 01 §2 'Group management' at /portales/grupos, §5 'Group', §9): the list
 * 10 a page, creating a group with the entity search (from 3 characters) and its messages (name over 100 characters, no
 * entity), editing its name, order and rows, deleting it after a confirmation, axe on the list and the dialog, and the
 * refusal to a user without Sites. Expectations are read from the database or the API, never written by hand.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blockingViolations, describeViolations } from '../helpers/axe';
import { setupE2e } from '../helpers/e2e';

const e2e = setupE2e();

interface GroupAnswer {
  groupID: number;
  name: string;
  countEntities: number;
  rows: Array<{ siteID: number; name: string }>;
}

async function expectAxeClean(page: Page, screen: string): Promise<void> {
  const violations = await blockingViolations(page);
  expect(violations, describeViolations(screen, violations)).toEqual([]);
}

/** `count` sites whose names no other site shares, so searching a name finds exactly that site. */
async function uniqueSites(count: number, offset: number): Promise<Array<{ id: number; name: string }>> {
  return e2e.testApp.database.query<{ id: number; name: string }>(
    `select min(id)::int as id, name from sites where not is_deleted group by name having count(*) = 1
      order by min(id) offset ${offset} limit ${count}`,
  );
}

async function groupCount(): Promise<number> {
  const [row] = await e2e.testApp.database.query<{ n: number }>('select count(*)::int as n from groups');
  return row!.n;
}

async function groupNamed(name: string): Promise<GroupAnswer | undefined> {
  const [row] = await e2e.testApp.database.query<{ id: number }>('select group_id as id from groups where name = $1', [name]);
  if (!row) return undefined;
  const token = await e2e.testApp.tokenFor(['Sites']);
  const answer = await e2e.api<GroupAnswer>(`/api/v1/sites/groups/${row.id}`, { token });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function createGroupsByApi(names: string[], siteId: number): Promise<void> {
  const token = await e2e.testApp.tokenFor(['Sites']);
  for (const name of names) {
    const answer = await e2e.api('/api/v1/sites/groups/', { method: 'POST', token, body: { name, sites: [siteId] } });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  }
}

async function openGroups(page: Page): Promise<void> {
  await e2e.signInByApi(page);
  await page.goto(e2e.url('/portales/grupos'));
  await page.locator('tbody tr').first().waitFor();
}

const rowWith = (page: Page, name: string): Locator => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

/** Types `text` in the entity search and picks the option named `name`. */
async function pickEntity(dialog: Locator, page: Page, text: string, name: string): Promise<void> {
  const search = dialog.getByRole('combobox', { name: 'Buscar entidad' });
  await search.fill(text);
  await page.getByRole('option', { name, exact: true }).click();
  await expect.poll(() => search.inputValue()).toBe('');
}

const chosen = (dialog: Locator) => dialog.getByRole('list').getByRole('listitem');

describe('grupos (/portales/grupos)', () => {
  it('lista 10 grupos por página con su nombre y número de entidades, y pasa a la página siguiente', async () => {
    const { page } = e2e;
    const [site] = await uniqueSites(1, 0);
    const missing = Math.max(0, 12 - (await groupCount()));
    await createGroupsByApi(
      Array.from({ length: missing }, (_, i) => `Grupo de la lista ${String(i + 1).padStart(2, '0')}`),
      site!.id,
    );
    const total = await groupCount();
    expect(total).toBeGreaterThan(10);
    const [firstByName] = await e2e.testApp.database.query<{ name: string; n: number }>(
      `select g.name, (select count(*)::int from group_sites gs join sites s on s.id = gs.site_id where gs.group_id = g.group_id and not s.is_deleted) as n
         from groups g order by g.name limit 1`,
    );

    await openGroups(page);
    // A sortable header is named by its sort button ('Ordenar por Nombre…'): its text is the column's label.
    expect((await page.getByRole('columnheader').allTextContents()).map((text) => text.trim())).toEqual(['Nombre', 'Entidades', 'Acciones']);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(10);
    const first = page.locator('tbody tr').first();
    expect(await first.getByRole('cell').first().textContent()).toBe(firstByName!.name);
    await first.getByRole('cell', { name: String(firstByName!.n), exact: true }).waitFor();
    await expectAxeClean(page, '/portales/grupos');

    await page.getByRole('button', { name: /siguiente/i }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(Math.min(10, total - 10));
    expect(await page.locator('tbody tr').first().getByRole('cell').first().textContent()).not.toBe(firstByName!.name);
  });

  it('crea un grupo buscando entidades desde 3 caracteres; sin entidad o con nombre de más de 100 caracteres lo rechaza', async () => {
    const { page } = e2e;
    const [one, two] = await uniqueSites(2, 10);
    const name = `Grupo creado ${Date.now()}`;
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/v1/sites/groupsites/find')) searches.push(url.searchParams.get('search') ?? '');
    });

    await openGroups(page);
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar: Grupos' });
    await dialog.getByText('Aún no has agregado entidades a este grupo').waitFor();
    await expectAxeClean(page, 'nuevo grupo');

    // No entity: refused with its message, nothing saved.
    const before = await groupCount();
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(name);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Debes seleccionar por lo menos una entidad').waitFor();
    expect(await groupCount()).toBe(before);

    // Two characters ask nothing; the third does, and the results can be picked.
    const search = dialog.getByRole('combobox', { name: 'Buscar entidad' });
    await search.fill(one!.name.slice(0, 2));
    await page.locator('.MuiAutocomplete-noOptions').filter({ hasText: 'Escribe por lo menos 3 caracteres' }).waitFor();
    await pickEntity(dialog, page, one!.name, one!.name);
    await pickEntity(dialog, page, two!.name, two!.name);
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.every((text) => text.trim().length >= 3)).toBe(true);
    await dialog.getByText('Entidades seleccionadas (2)').waitFor();
    await dialog.getByText('Debes seleccionar por lo menos una entidad').waitFor({ state: 'detached' });
    expect(await chosen(dialog).allTextContents()).toEqual([`1. ${one!.name}`, `2. ${two!.name}`]);
    // A picked entity is not offered again.
    await search.fill(one!.name);
    await page.getByText('No se encontraron entidades').waitFor();
    await search.fill('');

    // More than 100 characters: the field keeps 100, and a longer name (pasted past the limit) is refused with its message.
    const nameInput = dialog.getByRole('textbox', { name: 'Nombre' });
    await nameInput.fill('N'.repeat(101));
    expect((await nameInput.inputValue()).length).toBe(100);
    await nameInput.evaluate((input: HTMLInputElement, value) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, 'N'.repeat(101));
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El nombre del grupo no puede superar los 100 caracteres').waitFor();
    expect(await groupCount()).toBe(before);
    const token = await e2e.testApp.tokenFor(['Sites']);
    const refused = await e2e.api('/api/v1/sites/groups/', { method: 'POST', token, body: { name: 'N'.repeat(101), sites: [one!.id] } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('El nombre del grupo no puede superar los 100 caracteres');

    await nameInput.fill(name);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El grupo ha sido creado').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const saved = await groupNamed(name);
    expect(saved).toMatchObject({ name, countEntities: 2 });
    expect(saved!.rows.map((row) => row.siteID)).toEqual([one!.id, two!.id]);
  });

  it('edita el nombre, el orden y las entidades de un grupo', async () => {
    const { page } = e2e;
    const [a, b, c] = await uniqueSites(3, 20);
    const name = `AAA grupo para editar ${Date.now()}`;
    const token = await e2e.testApp.tokenFor(['Sites']);
    const created = await e2e.api('/api/v1/sites/groups/', { method: 'POST', token, body: { name, sites: [a!.id, b!.id, c!.id] } });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);

    await openGroups(page);
    await rowWith(page, name).getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar: Grupos' });
    await expect.poll(() => chosen(dialog).allTextContents()).toEqual([`1. ${a!.name}`, `2. ${b!.name}`, `3. ${c!.name}`]);
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Nombre' }).inputValue()).toBe(name);
    await expectAxeClean(page, 'editar grupo');

    expect(await dialog.getByRole('button', { name: `Subir ${a!.name}` }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: `Bajar ${c!.name}` }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: `Subir ${c!.name}` }).click();
    await dialog.getByRole('button', { name: `Quitar ${a!.name}` }).click();
    expect(await chosen(dialog).allTextContents()).toEqual([`1. ${c!.name}`, `2. ${b!.name}`]);
    const renamed = `${name} editado`;
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(renamed);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El grupo ha sido actualizado').waitFor();
    await rowWith(page, renamed).getByRole('cell', { name: '2', exact: true }).waitFor();

    const saved = await groupNamed(renamed);
    expect(saved!.rows.map((row) => row.siteID)).toEqual([c!.id, b!.id]);
    expect(await groupNamed(name)).toBeUndefined();
  });

  it('elimina un grupo tras la confirmación; Regresar no lo elimina', async () => {
    const { page } = e2e;
    const [site] = await uniqueSites(1, 30);
    const name = `AAA grupo para eliminar ${Date.now()}`;
    await createGroupsByApi([name], site!.id);

    await openGroups(page);
    const row = rowWith(page, name);
    await row.getByRole('button', { name: 'Eliminar' }).click();
    const confirmation = page.getByRole('dialog').filter({ hasText: '¿Seguro deseas eliminar este grupo?' });
    await confirmation.waitFor();
    await expectAxeClean(page, 'confirmación de eliminar grupo');
    await confirmation.getByRole('button', { name: 'Regresar' }).click();
    await confirmation.waitFor({ state: 'detached' });
    expect(await groupNamed(name)).toBeDefined();

    await row.getByRole('button', { name: 'Eliminar' }).click();
    await confirmation.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('El grupo ha sido eliminado').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await groupNamed(name)).toBeUndefined();
  });

  it('sin Sites no entra a /portales/grupos y el servidor rechaza crear, editar y eliminar grupos', async () => {
    const { page, testApp } = e2e;
    const [site] = await uniqueSites(1, 40);
    const [group] = await testApp.database.query<{ id: number; name: string }>('select group_id as id, name from groups order by group_id limit 1');
    const user = await e2e.createSuperadmin(['Impersonate']);
    await e2e.signInByApi(page, user.email, user.password);
    await page.goto(e2e.url('/portales/grupos'));
    await page.waitForURL((url) => url.pathname !== '/portales/grupos');
    expect(await page.getByRole('dialog').count()).toBe(0);

    const token = await testApp.tokenFor(['Impersonate', 'Reports']);
    const body = { name: 'Grupo no permitido', sites: [site!.id] };
    expect((await e2e.api('/api/v1/sites/groups/', { method: 'POST', token, body })).status).toBe(403);
    expect((await e2e.api(`/api/v1/sites/groups/${group!.id}`, { method: 'PUT', token, body })).status).toBe(403);
    expect((await e2e.api(`/api/v1/sites/groups/${group!.id}`, { method: 'DELETE', token })).status).toBe(403);
    const [still] = await testApp.database.query<{ name: string }>('select name from groups where group_id = $1', [group!.id]);
    expect(still!.name).toBe(group!.name);
  });
});
