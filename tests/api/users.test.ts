/** Superadministrators (spec 01 §2 'Users', §5 'Superadmin', §7 /users/, §8 EmailAlreadyUsed). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lists } from '../../i18n/es/server';
import { PERMISSIONS } from '../../resources/permissions';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { linkToken, mailsTo } from './mailbox';

const API = '/api/v1';
let t: TestApp;
/** A superadmin holding all nine permissions: may grant any of them and change anyone. */
let usersToken: string;
/** A superadmin holding only Users (users-escalation.test.ts covers what it may not grant or change). */
let usersOnlyToken: string;
let ipCounter = 0;

const perm = (name: string) => {
  const found = PERMISSIONS.find((p) => p.name === name)!;
  return { permissionID: found.permissionID, name: found.name };
};

const post = (payload: unknown, token = usersToken) =>
  t.app.inject({ method: 'POST', url: `${API}/users/`, payload: payload as object, headers: bearer(token) });
const put = (id: number | string, payload: unknown, token = usersToken) =>
  t.app.inject({ method: 'PUT', url: `${API}/users/${id}`, payload: payload as object, headers: bearer(token) });
const get = (url: string, token = usersToken) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
const login = (email: string, password: string) => {
  ipCounter += 1;
  return t.app.inject({ method: 'POST', url: `${API}/auth/`, payload: { email, password }, remoteAddress: `10.3.0.${ipCounter}` });
};

/** Sets the password of a superadmin through the link of the last mail it received (invitation or recovery). */
async function setPasswordByLink(email: string, password: string) {
  const mails = mailsTo(t.mailDir, email);
  const response = await t.app.inject({
    method: 'PUT',
    url: `${API}/users/passwordreset/${linkToken(mails[mails.length - 1]!)}`,
    payload: { password, confirmPassword: password },
  });
  expect(response.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  usersToken = await t.tokenFor(
    PERMISSIONS.map((p) => p.name),
    'gestor@portales.test',
  );
  usersOnlyToken = await t.tokenFor(['Users'], 'solo-usuarios@portales.test');
});
afterAll(async () => {
  await t?.close();
});

describe('superadmins', () => {
  it('creates a superadmin: 201 with the record; it signs in once its invitation link set its password', async () => {
    const response = await post({
      name: 'Laura Gómez',
      email: 'Laura.Gomez@Portales.test',
      permissions: [perm('Users'), perm('Sites')],
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Laura Gómez',
      email: 'laura.gomez@portales.test',
      deleted: false,
      isGuest: false,
      lastLogin: null,
      permissions: [perm('Sites'), perm('Users')],
    });
    expect(typeof body.id).toBe('number');
    expect(Date.parse(body.createdDate)).not.toBeNaN();
    expect(JSON.stringify(body)).not.toMatch(/password|argon/i);

    await setPasswordByLink('laura.gomez@portales.test', 'secreto-123');
    const signIn = await login('laura.gomez@portales.test', 'secreto-123');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.permissions).toEqual([perm('Sites'), perm('Users')]);

    const read = await get(`/users/${body.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: body.id, email: 'laura.gomez@portales.test', permissions: [perm('Sites'), perm('Users')] });
    expect(read.json().lastLogin).not.toBeNull();
  });

  it('accepts bare permission ids', async () => {
    const response = await post({ name: 'Ids sueltos', email: 'ids@portales.test', permissions: [9, 3] });
    expect(response.statusCode).toBe(201);
    expect(response.json().permissions).toEqual([perm('Reports'), perm('Settings')]);
  });

  it('refuses a duplicate e-mail (any case) with EmailAlreadyUsed on the e-mail', async () => {
    await post({ name: 'Primera persona', email: 'repetido@portales.test', permissions: [perm('Sites')] });
    const duplicate = await post({ name: 'Segunda persona', email: 'REPETIDO@portales.test', permissions: [perm('Sites')] });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error).toEqual({
      code: 'EmailAlreadyUsed',
      message: 'El correo electrónico ya lo está utilizando otro usuario',
      details: [{ code: 'EmailAlreadyUsed', target: 'email', message: 'El correo electrónico ya lo está utilizando otro usuario' }],
    });

    const other = (await post({ name: 'Tercera persona', email: 'tercera@portales.test', permissions: [perm('Sites')] })).json();
    const change = await put(other.id, { name: 'Tercera persona', email: 'repetido@portales.test', permissions: [perm('Sites')] });
    expect(change.statusCode).toBe(400);
    expect(change.json().error.code).toBe('EmailAlreadyUsed');
  });

  it('answers each validation message of the spec', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'Ana', email: 'ana@portales.test', permissions: [1] }, 'name', 'El mínimo de caracteres para el nombre es de 5'],
      [{ name: 'x'.repeat(201), email: 'ana@portales.test', permissions: [1] }, 'name', 'La longitud máxima es de 200 caracteres'],
      [{ email: 'ana@portales.test', permissions: [1] }, 'name', 'Debes ingresar un nombre'],
      [{ name: 'Ana María', permissions: [1] }, 'email', 'Debes ingresar el correo electrónico'],
      [{ name: 'Ana María', email: 'ana@', permissions: [1] }, 'email', 'Correo electrónico no válido'],
      [{ name: 'Ana María', email: `${'a'.repeat(196)}@b.co`, permissions: [1] }, 'email', 'Correo electrónico no válido'],
      [{ name: 'Ana María', email: 'ana@portales.test', permissions: [] }, 'permissions', 'Debes seleccionar por lo menos un permiso para el usuario'],
      [{ name: 'Ana María', email: 'ana@portales.test' }, 'permissions', 'Debes seleccionar por lo menos un permiso para el usuario'],
      [{ name: 'Ana María', email: 'ana@portales.test', permissions: [42] }, 'permissions', 'Debes seleccionar por lo menos un permiso para el usuario'],
    ];
    for (const [payload, target, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.details, JSON.stringify(payload)).toEqual(
        expect.arrayContaining([expect.objectContaining({ target, message })]),
      );
    }
    expect((await get('/users/?search=ana@portales.test')).json().results).toEqual([]);
  });

  it('invites every new superadmin: the mailed link sets its password', async () => {
    const email = 'invitada@portales.test';
    const created = await post({ name: 'Persona invitada', email, permissions: [perm('Messages')] });
    expect(created.statusCode).toBe(201);
    expect((await login(email, 'cualquier-cosa')).statusCode).toBe(401);

    const mails = mailsTo(t.mailDir, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/recordar-clave/`);
    const token = linkToken(mails[0]!);
    // The account has no password yet: the link reads as its invitation (the page says 'Activa tu cuenta').
    expect((await t.app.inject({ method: 'GET', url: `${API}/users/passwordreset/${token}` })).json()).toEqual({ valid: true, email, invitation: true });
    const [row] = await t.database.query<{ hours: number }>(
      `select extract(epoch from (expires_at - created_at)) / 3600 as hours from password_resets where user_id = $1`,
      [created.json().id],
    );
    expect(Math.round(Number(row!.hours))).toBe(72);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/users/passwordreset/${token}`,
      payload: { password: 'mi-clave-1', confirmPassword: 'mi-clave-1' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await login(email, 'mi-clave-1')).statusCode).toBe(200);
  });

  it('updates name, e-mail and permissions, and deactivation ends the sessions', async () => {
    const created = (await post({ name: 'Carlos Pérez', email: 'carlos@portales.test', permissions: [perm('Sites')] })).json();
    await setPasswordByLink('carlos@portales.test', 'clave-uno');
    const session = (await login('carlos@portales.test', 'clave-uno')).json().token as string;

    const renamed = await put(created.id, {
      name: 'Carlos Andrés Pérez',
      email: 'carlos@portales.test',
      permissions: [perm('Reports'), perm('Tickets')],
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      id: created.id,
      name: 'Carlos Andrés Pérez',
      email: 'carlos@portales.test',
      permissions: [perm('Reports'), perm('Tickets')],
      deleted: false,
    });
    // The open session sees the new permissions at once.
    expect((await get('/auth/', session)).json().permissions).toEqual([perm('Reports'), perm('Tickets')]);

    // A new e-mail ends the open sessions (users-escalation.test.ts); the password is kept.
    const moved = await put(created.id, {
      name: 'Carlos Andrés Pérez',
      email: 'carlos.perez@portales.test',
      permissions: [perm('Reports'), perm('Tickets')],
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().email).toBe('carlos.perez@portales.test');
    expect((await get('/auth/', session)).statusCode).toBe(401);
    const first = (await login('carlos.perez@portales.test', 'clave-uno')).json().token as string;
    const second = (await login('carlos.perez@portales.test', 'clave-uno')).json().token as string;

    const deactivated = await put(created.id, {
      name: 'Carlos Andrés Pérez',
      email: 'carlos.perez@portales.test',
      permissions: [perm('Reports')],
      deleted: true,
    });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().deleted).toBe(true);
    for (const token of [first, second]) expect((await get('/auth/', token)).statusCode).toBe(401);
    expect((await login('carlos.perez@portales.test', 'clave-uno')).statusCode).toBe(401);

    const invalid = await put(created.id, { name: 'Car', email: 'carlos.perez@portales.test', permissions: [] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details.map((d: { target: string }) => d.target).sort()).toEqual(['name', 'permissions']);
  });

  it('refuses a superadmin deactivating themself or changing their own permissions, and keeps what was saved', async () => {
    const self = (await get('/auth/', usersOnlyToken)).json() as { id: number; name: string; email: string };
    const base = { name: 'Gestor de usuarios', email: self.email };
    const auditRows = async () =>
      (
        await t.database.query<{ n: number }>(`select count(*)::int as n from audit_log where resource = 'superadmins' and record_id = $1`, [
          String(self.id),
        ])
      )[0]!.n;
    const audited = await auditRows();

    const deactivateSelf = await put(self.id, { ...base, permissions: [perm('Users')], deleted: true }, usersOnlyToken);
    expect(deactivateSelf.statusCode).toBe(400);
    expect(deactivateSelf.json().error.details).toEqual([
      { code: 'BadArgument', target: 'deleted', message: 'No puedes inactivar tu propio usuario.' },
    ]);

    // Holding only Users: granting oneself the nine permissions, one more, or swapping Users away is refused.
    const message = 'No puedes cambiar tus propios permisos: pídeselo a otro superadministrador.';
    for (const permissions of [PERMISSIONS.map((p) => perm(p.name)), [perm('Users'), perm('Settings')], [perm('Sites')]]) {
      const response = await put(self.id, { ...base, permissions }, usersOnlyToken);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'BadArgument',
        message,
        details: [{ code: 'BadArgument', target: 'permissions', message }],
      });
    }

    const after = (await get(`/users/${self.id}`, usersOnlyToken)).json();
    expect(after.deleted).toBe(false);
    expect(after.name).toBe(self.name);
    expect(after.permissions).toEqual([perm('Users')]);
    expect((await get('/auth/', usersOnlyToken)).json().permissions).toEqual([perm('Users')]);
    expect(await auditRows()).toBe(audited);

    // The same set (in any order, as ids or objects) is no change: name and e-mail can still be edited.
    const renamed = await put(self.id, { ...base, permissions: [5, perm('Users')] }, usersOnlyToken);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Gestor de usuarios', permissions: [perm('Users')] });
  });

  it('never sets a password directly: not on creation, not for another superadmin, not for oneself', async () => {
    const othersMessage =
      'La contraseña de otro superadministrador solo se asigna con el enlace de invitación o recuperación que recibe en su correo.';
    const refusal = (message: string) => ({ code: 'BadArgument', message, details: [{ code: 'BadArgument', target: 'password', message }] });

    // Creation with a password: refused, nothing created, nothing mailed.
    const email = 'con-clave@portales.test';
    const withPassword = await post({ name: 'Con contraseña', email, permissions: [perm('Sites')], password: 'puesta-por-otro' });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().error).toEqual(refusal(othersMessage));
    expect((await get(`/users/?search=${email}`)).json().results).toEqual([]);
    expect(mailsTo(t.mailDir, email)).toHaveLength(0);

    // Another superadmin holding all nine permissions: the Users-only holder cannot take its password over.
    const all = PERMISSIONS.map((p) => perm(p.name));
    const target = (await post({ name: 'Superadministradora total', email: 'total@portales.test', permissions: all })).json();
    await setPasswordByLink('total@portales.test', 'clave-propia-1');
    const session = (await login('total@portales.test', 'clave-propia-1')).json().token as string;
    const hashOf = async (id: number) =>
      (await t.database.query<{ password_hash: string }>('select password_hash from users where id = $1', [id]))[0]!.password_hash;
    const hashBefore = await hashOf(target.id);

    const base = { name: 'Superadministradora total', email: 'total@portales.test', permissions: all };
    for (const extra of [{ password: 'tomada-1234' }, { password: 'tomada-1234', confirmPassword: 'tomada-1234' }, { confirmPassword: 'tomada-1234' }]) {
      const response = await put(target.id, { ...base, ...extra }, usersOnlyToken);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(refusal(othersMessage));
    }
    expect(await hashOf(target.id)).toBe(hashBefore);
    expect((await login('total@portales.test', 'tomada-1234')).statusCode).toBe(401);
    expect((await get('/auth/', session)).statusCode).toBe(200);
    expect((await login('total@portales.test', 'clave-propia-1')).statusCode).toBe(200);

    // A blank password (what an empty form field sends) is no password: the rest of the change is saved.
    const blank = await put(target.id, { ...base, name: 'Superadministradora total dos', password: '' });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().name).toBe('Superadministradora total dos');
    expect(await hashOf(target.id)).toBe(hashBefore);

    // Oneself: also only through the recovery link.
    const self = (await get('/auth/', usersOnlyToken)).json() as { id: number; name: string; email: string };
    const own = await put(self.id, { name: self.name, email: self.email, permissions: [perm('Users')], password: 'mi-nueva-1' }, usersOnlyToken);
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toEqual(refusal('Tu contraseña solo se cambia con el enlace de recuperación («¿Olvidaste tu contraseña?»).'));
  });

  it('answers 404 for unknown ids and for users that are not superadmins', async () => {
    const [admin] = await t.database.query<{ id: number }>(
      `insert into users (user_type_id, name, email) values (1, 'Administrador de sitio', 'sitio@portales.test') returning id`,
    );
    for (const id of ['999999', String(admin!.id), 'abc', '99999999999999']) {
      const read = await get(`/users/${id}`);
      expect(read.statusCode, id).toBe(404);
      expect(read.json().error.message).toBe('Lo sentimos, este recurso ya no esta disponible.');
      const write = await put(id, { name: 'Nombre válido', email: 'valido@portales.test', permissions: [1] });
      expect(write.statusCode, id).toBe(404);
    }
    const list = (await get('/users/?search=sitio@portales.test')).json();
    expect(list.results).toEqual([]);
  });

  it('lists superadmins only, 20 per page, recent first, searching name or e-mail without regard to case', async () => {
    for (const [i, name] of ['Zoe Lista', 'Ana Lista', 'Marta Lista'].entries()) {
      const created = await post({ name, email: `lista${i}@portales.test`, permissions: [perm('Sites')] });
      expect(created.statusCode).toBe(201);
    }
    const all = (await get('/users/')).json();
    expect(all.results.length).toBeGreaterThanOrEqual(3);
    expect(all.results.length).toBeLessThanOrEqual(20);
    const dates = all.results.map((row: { createdDate: string }) => Date.parse(row.createdDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(all.results[0]).toMatchObject({ name: 'Marta Lista' });
    expect(Object.keys(all.results[0]).sort()).toEqual(
      ['createdDate', 'deleted', 'email', 'id', 'isGuest', 'lastLogin', 'name', 'permissions'].sort(),
    );

    const search = (await get('/users/?search=LISTA')).json();
    expect(search.results.map((row: { name: string }) => row.name)).toEqual(['Marta Lista', 'Ana Lista', 'Zoe Lista']);
    expect(search.meta).toEqual({ hasNextPage: false });
    expect((await get('/users/?search=lista1@')).json().results.map((row: { name: string }) => row.name)).toEqual(['Ana Lista']);
    expect((await get('/users/?search=%25')).json().results).toEqual([]);

    const byName = (await get('/users/?search=lista&orderBy=name')).json();
    expect(byName.results.map((row: { name: string }) => row.name)).toEqual(['Ana Lista', 'Marta Lista', 'Zoe Lista']);
    const byNameDesc = (await get('/users/?search=lista&orderBy=-name')).json();
    expect(byNameDesc.results.map((row: { name: string }) => row.name)).toEqual(['Zoe Lista', 'Marta Lista', 'Ana Lista']);

    const page1 = (await get('/users/?search=lista&pageSize=2&page=1&orderBy=name')).json();
    expect(page1.meta).toEqual({ hasNextPage: true });
    const page2 = (await get('/users/?search=lista&pageSize=2&page=2&orderBy=name')).json();
    expect(page2.results.map((row: { name: string }) => row.name)).toEqual(['Zoe Lista']);
    expect(page2.meta.hasNextPage).toBe(false);

    for (const [query, message] of [
      ['page=0', lists.query.page],
      ['pageSize=101', 'El tamaño de página debe ser un número entre 1 y 100'],
      ['page=x', lists.query.page],
      ['orderBy=password', lists.query.order_by],
    ]) {
      const bad = await get(`/users/?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.message).toBe(message);
    }

    // Search ignores accents too; several ids come as repeated keys or as a comma list.
    expect((await get('/users/?search=M%C3%81RTA')).json().results.map((row: { name: string }) => row.name)).toEqual(['Marta Lista']);
    const ids = search.results.map((row: { id: number }) => row.id) as number[];
    for (const query of [ids.map((id) => `id=${id}`).join('&'), `id=${ids.join(',')}`]) {
      expect((await get(`/users/?${query}`)).json().results.map((row: { id: number }) => row.id), query).toEqual(ids);
    }
  });

  it('refuses callers without Users with 403 (Reports opens the screen but not the superadmin API)', async () => {
    for (const permissions of [['Sites'], ['Reports'], ['Settings', 'Impersonate']] as const) {
      const token = await t.tokenFor(permissions);
      for (const response of [
        await get('/users/', token),
        await get('/users/1', token),
        await post({ name: 'Nombre válido', email: 'nuevo@portales.test', permissions: [1] }, token),
        await put(1, { name: 'Nombre válido', email: 'nuevo@portales.test', permissions: [1] }, token),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().error.message).toBe('Lo sentimos, no tienes permisos para ejecutar esta acción.');
      }
    }
    expect((await t.app.inject({ method: 'GET', url: `${API}/users/` })).statusCode).toBe(401);
  });

  it('audits creation and changes with before and after, without passwords', async () => {
    const created = (await post({ name: 'Auditada Persona', email: 'auditada@portales.test', permissions: [perm('Sites')] })).json();
    await setPasswordByLink('auditada@portales.test', 'clave-secreta-1');
    await put(created.id, { name: 'Auditada Persona Dos', email: 'auditada@portales.test', permissions: [perm('Users')] });
    const rows = await t.database.query<{ action: string; user_email: string; before: unknown; after: Record<string, unknown> }>(
      `select action, user_email, before, after from audit_log where resource = 'superadmins' and record_id = $1 order by id`,
      [String(created.id)],
    );
    expect(rows.map((row) => row.action)).toEqual(['create', 'password_reset', 'update']);
    expect(rows.map((row) => row.user_email)).toEqual(['gestor@portales.test', 'auditada@portales.test', 'gestor@portales.test']);
    expect(rows[0]!.before).toBeNull();
    expect(rows[0]!.after).toMatchObject({ name: 'Auditada Persona', email: 'auditada@portales.test', permissions: ['Sites'] });
    expect(rows[0]!.after).toMatchObject({ invited: true });
    expect(rows[2]!.before).toMatchObject({ name: 'Auditada Persona', permissions: ['Sites'] });
    expect(rows[2]!.after).toMatchObject({ name: 'Auditada Persona Dos', permissions: ['Users'] });
    expect(JSON.stringify(rows.map((row) => [row.before, row.after]))).not.toMatch(/clave-secreta|argon2|password/i);
  });
});
