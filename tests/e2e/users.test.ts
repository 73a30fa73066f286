/**
 * /administradores in the browser against the demo data (issue 10, spec 01 §2 'Users', §5): the three tabs with their
 * search and filters kept in the address, the empty states, the superadmin add/edit modal, the administrator update
 * modal, the site-user edit modal, an export written by a job with its progress and download, and what a holder of
 * Reports alone sees. Expectations are read from the database, never written by hand.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createJobRunner } from '../../server/jobs';
import { ADMIN, rawKeys, setupE2e, userByEmail } from '../helpers/e2e';

const e2e = setupE2e();

/** Runs the queued jobs (the Usuarios export is written by one) when the test says so: the queued state is seen first. */
const runJobs = () => createJobRunner(e2e.testApp.context, { instanceId: 'e2e-users', log: () => {} }).drain();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await e2e.testApp.database.query<{ n: number }>(sql, params);
  return Number(row!.n);
}

/** How many users of a type (active or not: the lists show both) have a site matching `siteCondition` (on `s`). */
const usersWhere = (userTypeId: 1 | 3, siteCondition = 'true') =>
  `select count(*)::int as n from users u join sites s on s.id = u.site_id where u.user_type_id = ${userTypeId} and (${siteCondition})`;

async function openTab(page: Page, tab: 'Superadministradores' | 'Administradores' | 'Usuarios', email: string = ADMIN.email, password: string = ADMIN.password) {
  await e2e.signInByApi(page, email, password);
  await page.goto(e2e.url('/administradores'));
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.getByRole('tab', { name: tab, exact: true }).and(page.locator('[aria-selected=true]')).waitFor();
}

/** The text of each cell of the column headed `header`, for every body row. */
async function column(page: Page, header: string): Promise<string[]> {
  return page.evaluate((name) => {
    const table = document.querySelector('[role=tabpanel] table');
    if (!table) return [];
    const headers = [...table.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim());
    const index = headers.indexOf(name);
    if (index < 0) throw new Error(`No hay columna ${name}: ${headers.join(' | ')}`);
    return [...table.querySelectorAll('tbody tr')].map((row) => (row.children[index]?.textContent ?? '').trim());
  }, header);
}

/** Waits until the table's rows satisfy `test` (at least one row unless `allowEmpty`). */
async function waitForRows(page: Page, header: string, test: (values: string[]) => boolean, allowEmpty = false) {
  await expect
    .poll(async () => {
      const values = await column(page, header).catch(() => []);
      return (allowEmpty || values.length > 0) && test(values);
    }, { timeout: 10_000 })
    .toBe(true);
}

/**
 * A select by its label: MUI names the combobox by its label and its value ('Departamento Antioquia'), so the name
 * starts with the label.
 */
const select = (scope: Page | ReturnType<Page['locator']>, label: string) => scope.getByRole('combobox', { name: new RegExp(`^${escape(label)}`) });

/** The empty choice of a filter select ('Todos'), named by react-admin's clear label. */
const CLEAR_CHOICE = 'Borrar valor';

/** Picks `option` in the react-admin filter select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await select(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => select(page, label).textContent()).toContain(option);
}

/** The list's filters as the address keeps them (react-admin's `filter` parameter). */
function addressFilter(page: Page): Record<string, unknown> {
  const raw = new URL(page.url()).searchParams.get('filter');
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
}

const tableRows = (page: Page) => page.locator('[role=tabpanel] table tbody tr');

describe('superadministradores', () => {
  it('abre en Superadministradores con Users; la búsqueda filtra y queda en la dirección; sin coincidencias dice el vacío', async () => {
    const { page } = e2e;
    const other = await e2e.createSuperadmin(['Reports'], { name: 'Zoila Buscable Pérez' });
    await e2e.signInByApi(page);
    await page.goto(e2e.url('/administradores'));
    for (const tab of ['Superadministradores', 'Administradores', 'Usuarios']) await page.getByRole('tab', { name: tab, exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Superadministradores' }).and(page.locator('[aria-selected=true]')).waitFor();
    await page.getByText(ADMIN.email, { exact: true }).waitFor();
    // The screen's message parts (src/routes/lazyScreen.ts) arrived with it: no raw key.
    expect(await rawKeys(page)).toEqual([]);

    await page.getByLabel('Buscar por nombre o correo').fill('zoila buscable');
    await page.waitForURL((url) => url.searchParams.get('buscar') === 'zoila buscable');
    await expect.poll(() => page.locator('[data-testid^=superadmin-]').count()).toBe(1);
    await page.getByText(other.email, { exact: true }).waitFor();

    await page.reload();
    await expect.poll(() => page.getByLabel('Buscar por nombre o correo').inputValue()).toBe('zoila buscable');
    await page.getByText(other.email, { exact: true }).waitFor();
    expect(await page.locator('[data-testid^=superadmin-]').count()).toBe(1);

    await page.getByLabel('Buscar por nombre o correo').fill('nadie-se-llama-asi-xyz');
    await page.getByText('Aún no tienes usuarios', { exact: true }).waitFor();
    expect(await page.locator('[data-testid^=superadmin-]').count()).toBe(0);
  });

  it('agregar: mensajes del diseño, correo repetido y la invitación; editar guarda el nombre', async () => {
    const { page } = e2e;
    await openTab(page, 'Superadministradores');
    await page.getByRole('button', { name: 'Agregar superadministrador' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar superadministrador' });
    await dialog.getByRole('checkbox').first().waitFor();

    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Debes ingresar un nombre').waitFor();
    await dialog.getByText('Debes ingresar el correo electrónico').waitFor();
    await dialog.getByText('Debes seleccionar por lo menos un permiso para el usuario').waitFor();

    await dialog.getByLabel('Nombre').fill('Ana');
    await dialog.getByLabel('Correo electrónico').fill('no-es-un-correo');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El mínimo de caracteres para el nombre es de 5').waitFor();
    await dialog.getByText('Correo electrónico no válido').waitFor();

    // The e-mail of another user: the server refuses it under the field.
    await dialog.getByLabel('Nombre').fill('Ana Superadministradora');
    await dialog.getByLabel('Correo electrónico').fill(ADMIN.email.toUpperCase());
    await dialog.getByRole('checkbox', { name: 'Reportes', exact: true }).check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El correo electrónico ya lo está utilizando otro usuario').first().waitFor();
    expect(await count("select count(*)::int as n from users where email = 'ana.super@portales.test'")).toBe(0);

    const since = Date.now();
    await dialog.getByLabel('Correo electrónico').fill('ana.super@portales.test');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Le enviamos a ana.super@portales.test el enlace de invitación', { exact: false }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const created = await userByEmail(e2e.testApp, 'ana.super@portales.test');
    expect(created?.name).toBe('Ana Superadministradora');
    const mail = await e2e.waitForMail(since);
    expect(mail.text).toContain('ana.super@portales.test');

    const row = page.getByTestId(`superadmin-${created!.id}`);
    await row.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar superadministrador' });
    await expect.poll(() => edit.getByLabel('Nombre').inputValue()).toBe('Ana Superadministradora');
    await edit.getByLabel('Nombre').fill('Ana María Superadministradora');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Se ha guardado la información de forma exitosa').first().waitFor();
    await row.getByText('Ana María Superadministradora').waitFor();
    expect((await userByEmail(e2e.testApp, 'ana.super@portales.test'))?.name).toBe('Ana María Superadministradora');
  });
});

describe('administradores y usuarios: búsqueda y filtros en la dirección', () => {
  it('Administradores: tipo de entidad, departamento → municipio y grupo; recargar los conserva', async () => {
    const { page } = e2e;
    const [type] = await e2e.testApp.database.query<{ id: number; name: string }>(
      `select st.id, st.name from site_types st join sites s on s.site_type_id = st.id join users u on u.site_id = s.id and u.user_type_id = 1
        group by st.id, st.name order by count(*) desc, st.id limit 1`,
    );
    await openTab(page, 'Administradores');
    await page.getByRole('columnheader', { name: 'Tipo de entidad' }).waitFor();
    await waitForRows(page, 'Nombre', () => true);

    await choose(page, 'Tipo de entidad', type!.name);
    await waitForRows(page, 'Tipo de entidad', (values) => values.every((value) => value === type!.name));
    expect(addressFilter(page)).toEqual({ siteTypeId: String(type!.id) });
    const ofType = await count(usersWhere(1, `s.site_type_id = ${type!.id}`));
    await expect.poll(() => tableRows(page).count()).toBe(Math.min(20, ofType));

    // The municipality waits for a department; its choices are that department's.
    await select(page, 'Tipo de entidad').click();
    await page.getByRole('option', { name: CLEAR_CHOICE, exact: true }).click();
    await expect.poll(() => addressFilter(page)).toEqual({});
    const municipality = select(page, 'Municipio');
    expect(await municipality.getAttribute('aria-disabled')).toBe('true');
    await choose(page, 'Departamento', 'Antioquia');
    await waitForRows(page, 'Departamento', (values) => values.every((value) => value === 'Antioquia'));
    await expect.poll(() => municipality.getAttribute('aria-disabled')).not.toBe('true');
    await municipality.click();
    await page.getByRole('option', { name: 'Medellín', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: 'Soacha', exact: true }).count()).toBe(0);
    await page.getByRole('option', { name: 'Medellín', exact: true }).click();
    await expect.poll(() => addressFilter(page)).toEqual({ parentLocationId: '5', locationId: '5001' });
    const medellin = await count(usersWhere(1, 's.location_id = 5001'));
    await waitForRows(page, 'Municipio', (values) => values.length === Math.min(20, medellin) && values.every((value) => value === 'Medellín'), medellin === 0);

    // Another department clears the municipality.
    await choose(page, 'Departamento', 'Cundinamarca');
    await expect.poll(() => addressFilter(page)).toEqual({ parentLocationId: '25' });
    await waitForRows(page, 'Departamento', (values) => values.every((value) => value === 'Cundinamarca'));

    // A reload keeps the tab and the filters.
    await page.reload();
    await page.getByRole('tab', { name: 'Administradores' }).and(page.locator('[aria-selected=true]')).waitFor();
    await expect.poll(() => select(page, 'Departamento').textContent()).toContain('Cundinamarca');
    await waitForRows(page, 'Departamento', (values) => values.every((value) => value === 'Cundinamarca'));
    expect(new URL(page.url()).searchParams.get('tab')).toBe('administradores');
  });

  it('Administradores: el grupo y la búsqueda por nombre o correo; sin coincidencias, "Aún no tienes administradores"', async () => {
    const { page } = e2e;
    const [group] = await e2e.testApp.database.query<{ id: number; name: string; n: number }>(
      `select g.group_id as id, g.name, count(u.id)::int as n from groups g join group_sites gs on gs.group_id = g.group_id
         join users u on u.site_id = gs.site_id and u.user_type_id = 1
        group by g.group_id, g.name having count(u.id) > 0 order by count(u.id) asc, g.group_id limit 1`,
    );
    const inGroup = (await e2e.testApp.database.query<{ name: string }>(
      'select s.name from sites s join group_sites gs on gs.site_id = s.id where gs.group_id = $1',
      [group!.id],
    )).map((row) => row.name);
    await openTab(page, 'Administradores');
    await waitForRows(page, 'Nombre', () => true);
    await choose(page, 'Grupo', group!.name);
    await expect.poll(() => addressFilter(page)).toEqual({ groupID: String(group!.id) });
    await waitForRows(page, 'Entidad', (values) => values.length === Math.min(20, group!.n) && values.every((value) => inGroup.includes(value)));

    await select(page, 'Grupo').click();
    await page.getByRole('option', { name: CLEAR_CHOICE, exact: true }).click();
    const [someone] = await e2e.testApp.database.query<{ email: string }>('select email from users where user_type_id = 1 order by id limit 1');
    await page.getByPlaceholder('Buscar por nombre o correo').fill(someone!.email);
    await expect.poll(() => addressFilter(page)).toEqual({ q: someone!.email });
    await waitForRows(page, 'Correo electrónico', (values) => values.length === 1 && values[0] === someone!.email);

    await page.getByPlaceholder('Buscar por nombre o correo').fill('nadie-se-llama-asi-xyz');
    await page.getByText('Aún no tienes administradores', { exact: true }).waitFor();
  });

  it('Usuarios: búsqueda y filtros en la dirección; sin coincidencias, "Aún no tienes usuarios"', async () => {
    const { page } = e2e;
    await openTab(page, 'Usuarios');
    await page.getByRole('columnheader', { name: 'Nivel de autenticación (LoA)' }).waitFor();
    await waitForRows(page, 'Nombre', () => true);
    await choose(page, 'Departamento', 'Antioquia');
    await waitForRows(page, 'Departamento', (values) => values.every((value) => value === 'Antioquia'));
    const antioquia = await count(usersWhere(3, 's.parent_location_id = 5'));
    await expect.poll(() => tableRows(page).count()).toBe(Math.min(20, antioquia));
    expect(addressFilter(page)).toEqual({ parentLocationId: '5' });
    expect(new URL(page.url()).searchParams.get('tab')).toBe('usuarios');

    await page.reload();
    await expect.poll(() => select(page, 'Departamento').textContent()).toContain('Antioquia');
    await waitForRows(page, 'Departamento', (values) => values.every((value) => value === 'Antioquia'));

    await page.getByPlaceholder('Buscar por nombre o correo').fill('nadie-se-llama-asi-xyz');
    await page.getByText('Aún no tienes usuarios', { exact: true }).waitFor();
    expect(addressFilter(page)).toEqual({ parentLocationId: '5', q: 'nadie-se-llama-asi-xyz' });
  });
});

describe('modales de administradores y usuarios', () => {
  it('Actualizar administrador: los mensajes de validación y guardar', async () => {
    const { page } = e2e;
    const [admin] = await e2e.testApp.database.query<{ id: number; email: string }>(
      "select id, email from users where user_type_id = 1 and not deleted and jsonb_array_length(site_permissions) > 0 order by created_date desc, id desc limit 1",
    );
    await openTab(page, 'Administradores');
    await page.getByPlaceholder('Buscar por nombre o correo').fill(admin!.email);
    await waitForRows(page, 'Correo electrónico', (values) => values.length === 1 && values[0] === admin!.email);
    await tableRows(page).first().getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Actualizar administrador' });
    await expect.poll(() => dialog.getByLabel('Correo electrónico').inputValue()).toBe(admin!.email);
    await dialog.getByRole('checkbox').first().waitFor();

    await dialog.getByLabel('Nombre').fill('');
    await dialog.getByLabel('Fecha de nacimiento').fill(new Date().toISOString().slice(0, 10));
    await dialog.getByLabel('Contraseña', { exact: true }).fill('123');
    await dialog.getByLabel('Confirmar contraseña').fill('124');
    // The site permissions are the checkboxes of the 'Permisos' group ('Externo' and 'Inactivo' are switches).
    const permissions = dialog.getByRole('group', { name: 'Permisos' });
    while ((await permissions.getByRole('checkbox', { checked: true }).count()) > 0) await permissions.getByRole('checkbox', { checked: true }).first().uncheck();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Debes ingresar un nombre').waitFor();
    await dialog.getByText('El usuario debe tener por lo menos 13 años').waitFor();
    await dialog.getByText('Debes por lo menos ingresar 6 caracteres').waitFor();
    await dialog.getByText('Las contraseñas no coinciden').waitFor();
    await dialog.getByText('Debes seleccionar por lo menos un permiso para el usuario').waitFor();

    await dialog.getByLabel('Nombre').fill('x'.repeat(101));
    await dialog.getByLabel('Fecha de nacimiento').fill('1927-12-31');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('La longitud máxima es de 100 caracteres').waitFor();
    await dialog.getByText('La fecha de nacimiento no puede ser anterior a 1928').waitFor();

    await dialog.getByLabel('Nombre').fill('Administradora Actualizada');
    await dialog.getByLabel('Fecha de nacimiento').fill('1985-06-15');
    await dialog.getByLabel('Contraseña', { exact: true }).fill('');
    await dialog.getByLabel('Confirmar contraseña').fill('');
    await select(dialog, 'Género').click();
    await page.getByRole('option', { name: 'Femenino', exact: true }).click();
    await permissions.getByRole('checkbox').first().check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Se ha guardado la información de forma exitosa').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const [saved] = await e2e.testApp.database.query<{ name: string; gender_id: number; birth_date: string; site_permissions: unknown }>(
      "select name, gender_id, to_char(birth_date, 'YYYY-MM-DD') as birth_date, site_permissions from users where id = $1",
      [admin!.id],
    );
    expect(saved).toMatchObject({ name: 'Administradora Actualizada', gender_id: 1, birth_date: '1985-06-15' });
    const enabled = (saved!.site_permissions as Array<{ enabled: boolean }>).filter((permission) => permission.enabled);
    expect(enabled).toHaveLength(1);
    await waitForRows(page, 'Nombre', (values) => values[0] === 'Administradora Actualizada');
  });

  it('Editar usuario: guardar necesita un permiso habilitado; guarda exactamente el habilitado', async () => {
    const { page } = e2e;
    const [user] = await e2e.testApp.database.query<{ id: number; email: string }>(
      'select id, email from users where user_type_id = 3 and not deleted order by created_date desc, id desc limit 1',
    );
    await openTab(page, 'Usuarios');
    await page.getByPlaceholder('Buscar por nombre o correo').fill(user!.email);
    await waitForRows(page, 'Correo electrónico', (values) => values.length === 1 && values[0] === user!.email);
    await tableRows(page).first().getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar usuario' });
    await expect.poll(() => dialog.getByLabel('Correo electrónico').inputValue()).toBe(user!.email);
    const boxes = dialog.getByRole('checkbox');
    await boxes.first().waitFor();
    expect(await boxes.count()).toBeGreaterThan(1);
    for (const box of await boxes.all()) await box.uncheck();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Debes habilitar por lo menos un permiso').waitFor();

    await boxes.nth(1).check();
    const enabledName = (await boxes.nth(1).evaluate((box) => box.closest('label')?.textContent ?? '')).trim();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Se ha guardado la información de forma exitosa').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const [row] = await e2e.testApp.database.query<{ enabled: string[] }>(
      `select coalesce(array_agg(sp.name order by sp.name), '{}') as enabled
         from users u, jsonb_array_elements(u.site_permissions) p join site_permissions sp on sp.site_permission_id = (p->>'sitePermissionID')::int
        where u.id = $1 and (p->>'enabled')::boolean`,
      [user!.id],
    );
    expect(row!.enabled).toEqual([enabledName]);
  });
});

describe('exportación y permisos', () => {
  it('Usuarios: Descargar escribe el archivo en segundo plano con progreso y lo descarga con los filtros de la lista', async () => {
    const { page } = e2e;
    await openTab(page, 'Usuarios');
    await choose(page, 'Departamento', 'Antioquia');
    await waitForRows(page, 'Departamento', (values) => values.every((value) => value === 'Antioquia'));
    const expected = await count(usersWhere(3, 's.parent_location_id = 5'));

    await page.getByRole('button', { name: 'Descargar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Exportación en curso' });
    // Queued: the progress shows while no runner has taken the job yet.
    await dialog.getByRole('progressbar', { name: 'Progreso del trabajo' }).waitFor();
    await dialog.getByText('En cola').waitFor();
    expect(await dialog.getByRole('button', { name: 'Descargar archivo' }).count()).toBe(0);
    await runJobs();
    await dialog.getByText('El archivo está listo para descargar').waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Descargar archivo' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^usuarios-\d{4}-\d{2}-\d{2}-[0-9a-f]+\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Correo electrónico');
    expect(lines.length - 1).toBe(expected);
    expect(lines.slice(1).every((line) => line.includes('Antioquia'))).toBe(true);
  });

  it('Administradores: Descargar CSV trae todas las filas del filtro', async () => {
    const { page } = e2e;
    await openTab(page, 'Administradores');
    await choose(page, 'Departamento', 'Antioquia');
    await waitForRows(page, 'Departamento', (values) => values.every((value) => value === 'Antioquia'));
    const expected = await count(usersWhere(1, 's.parent_location_id = 5'));
    await page.getByRole('button', { name: 'Descargar', exact: true }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Descargar CSV' }).click()]);
    const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines.length - 1).toBe(expected);
  });

  it('con solo Reports: Administradores y Usuarios sin botones de edición; no ve Superadministradores', async () => {
    const { page } = e2e;
    const user = await e2e.createSuperadmin(['Reports']);
    const changes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && /\/(usermain|siteusers?)\b/.test(request.url())) changes.push(`${request.method()} ${request.url()}`);
    });
    await e2e.signInByApi(page, user.email, user.password);
    await page.goto(e2e.url('/administradores?tab=superadministradores'));
    await page.getByRole('tab', { name: 'Administradores' }).and(page.locator('[aria-selected=true]')).waitFor();
    await waitForRows(page, 'Nombre', () => true);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Administradores', 'Usuarios']);
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Agregar superadministrador' }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Usuarios', exact: true }).click();
    await page.getByRole('columnheader', { name: 'Nivel de autenticación (LoA)' }).waitFor();
    await waitForRows(page, 'Nombre', () => true);
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    expect(changes).toEqual([]);
  });
});

