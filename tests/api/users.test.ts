/** Superadministrators (spec 01 §2 'Users', §5 'Superadmin', §7 /users/, §8 EmailAlreadyUsed). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../resources/permissions';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { linkToken, mailsTo } from './mailbox';

const API = '/api/v1';
let t: TestApp;
let usersToken: string;
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

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  usersToken = await t.tokenFor(['Users'], 'gestor@portales.test');
});
afterAll(async () => {
  await t?.close();
});

describe('superadmins', () => {
  it('creates a superadmin with a password: 201 with the record, never the password; it can sign in', async () => {
    const response = await post({
      name: 'Laura Gómez',
      email: 'Laura.Gomez@Portales.test',
      permissions: [perm('Users'), perm('Sites')],
      password: 'secreto-123',
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
    expect(JSON.stringify(body)).not.toMatch(/password|secreto|argon/i);

    const signIn = await login('laura.gomez@portales.test', 'secreto-123');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.permissions).toEqual([perm('Sites'), perm('Users')]);

    const read = await get(`/users/${body.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: body.id, email: 'laura.gomez@portales.test', permissions: [perm('Sites'), perm('Users')] });
    expect(read.json().lastLogin).not.toBeNull();
  });

  it('accepts bare permission ids', async () => {
    const response = await post({ name: 'Ids sueltos', email: 'ids@portales.test', permissions: [9, 3], password: 'secreto-123' });
    expect(response.statusCode).toBe(201);
    expect(response.json().permissions).toEqual([perm('Reports'), perm('Settings')]);
  });

  it('refuses a duplicate e-mail (any case) with EmailAlreadyUsed on the e-mail', async () => {
    await post({ name: 'Primera persona', email: 'repetido@portales.test', permissions: [perm('Sites')], password: 'secreto-123' });
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
      [{ name: 'Ana María', email: 'ana@portales.test', permissions: [1], password: '12345' }, 'password', 'Debes por lo menos ingresar 6 caracteres'],
    ];
    for (const [payload, target, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.details, JSON.stringify(payload)).toEqual(
        expect.arrayContaining([expect.objectContaining({ target, message })]),
      );
    }
    expect((await get('/users/?search=ana@portales.test')).json().meta.total).toBe(0);
  });

  it('invites a superadmin created without a password: the mailed link sets it', async () => {
    const email = 'invitada@portales.test';
    const created = await post({ name: 'Persona invitada', email, permissions: [perm('Messages')] });
    expect(created.statusCode).toBe(201);
    expect((await login(email, 'cualquier-cosa')).statusCode).toBe(401);

    const mails = mailsTo(t.mailDir, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/recordar-clave/`);
    const token = linkToken(mails[0]!);
    expect((await t.app.inject({ method: 'GET', url: `${API}/users/passwordreset/${token}` })).json()).toEqual({ valid: true, email });
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

  it('updates name, e-mail, permissions and password, and deactivation ends the sessions', async () => {
    const created = (await post({ name: 'Carlos Pérez', email: 'carlos@portales.test', permissions: [perm('Sites')], password: 'clave-uno' })).json();
    const session = (await login('carlos@portales.test', 'clave-uno')).json().token as string;

    const renamed = await put(created.id, {
      name: 'Carlos Andrés Pérez',
      email: 'carlos.perez@portales.test',
      permissions: [perm('Reports'), perm('Tickets')],
      password: 'clave-dos',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      id: created.id,
      name: 'Carlos Andrés Pérez',
      email: 'carlos.perez@portales.test',
      permissions: [perm('Reports'), perm('Tickets')],
      deleted: false,
    });
    // A new password ends the user's other sessions.
    expect((await get('/auth/', session)).statusCode).toBe(401);
    const second = (await login('carlos.perez@portales.test', 'clave-dos')).json().token as string;
    expect((await get('/auth/', second)).json().permissions).toEqual([perm('Reports'), perm('Tickets')]);

    // Without a password the current one is kept.
    const kept = await put(created.id, { name: 'Carlos Andrés Pérez', email: 'carlos.perez@portales.test', permissions: [perm('Reports')] });
    expect(kept.statusCode).toBe(200);
    expect((await get('/auth/', second)).json().permissions).toEqual([perm('Reports')]);

    const deactivated = await put(created.id, {
      name: 'Carlos Andrés Pérez',
      email: 'carlos.perez@portales.test',
      permissions: [perm('Reports')],
      deleted: true,
    });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().deleted).toBe(true);
    expect((await get('/auth/', second)).statusCode).toBe(401);
    expect((await login('carlos.perez@portales.test', 'clave-dos')).statusCode).toBe(401);

    const invalid = await put(created.id, { name: 'Car', email: 'carlos.perez@portales.test', permissions: [] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details.map((d: { target: string }) => d.target).sort()).toEqual(['name', 'permissions']);
  });

  it('refuses a superadmin locking themself out, and keeps what was saved', async () => {
    const self = (await get('/auth/')).json() as { id: number; name: string; email: string };
    const base = { name: 'Gestor de usuarios', email: self.email };

    const deactivateSelf = await put(self.id, { ...base, permissions: [perm('Users')], deleted: true });
    expect(deactivateSelf.statusCode).toBe(400);
    expect(deactivateSelf.json().error.details).toEqual([
      { code: 'BadArgument', target: 'deleted', message: 'No puedes inactivar tu propio usuario.' },
    ]);

    const dropUsers = await put(self.id, { ...base, permissions: [perm('Sites')] });
    expect(dropUsers.statusCode).toBe(400);
    expect(dropUsers.json().error.message).toBe('No puedes quitarte el permiso para administrar usuarios.');

    const after = (await get(`/users/${self.id}`)).json();
    expect(after.deleted).toBe(false);
    expect(after.permissions).toEqual([perm('Users')]);
    expect((await get('/auth/')).statusCode).toBe(200);
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
    expect(list.meta.total).toBe(0);
  });

  it('lists superadmins only, 20 per page, recent first, searching name or e-mail without regard to case', async () => {
    for (const [i, name] of ['Zoe Lista', 'Ana Lista', 'Marta Lista'].entries()) {
      const created = await post({ name, email: `lista${i}@portales.test`, permissions: [perm('Sites')], password: 'secreto-123' });
      expect(created.statusCode).toBe(201);
    }
    const all = (await get('/users/')).json();
    expect(all.meta.total).toBeGreaterThanOrEqual(3);
    expect(all.results.length).toBeLessThanOrEqual(20);
    const dates = all.results.map((row: { createdDate: string }) => Date.parse(row.createdDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(all.results[0]).toMatchObject({ name: 'Marta Lista' });
    expect(Object.keys(all.results[0]).sort()).toEqual(
      ['createdDate', 'deleted', 'email', 'id', 'isGuest', 'lastLogin', 'name', 'permissions'].sort(),
    );

    const search = (await get('/users/?search=LISTA')).json();
    expect(search.results.map((row: { name: string }) => row.name)).toEqual(['Marta Lista', 'Ana Lista', 'Zoe Lista']);
    expect(search.meta).toEqual({ hasNextPage: false, total: 3 });
    expect((await get('/users/?search=lista1@')).json().results.map((row: { name: string }) => row.name)).toEqual(['Ana Lista']);
    expect((await get('/users/?search=%25')).json().meta.total).toBe(0);

    const byName = (await get('/users/?search=lista&orderBy=name')).json();
    expect(byName.results.map((row: { name: string }) => row.name)).toEqual(['Ana Lista', 'Marta Lista', 'Zoe Lista']);
    const byNameDesc = (await get('/users/?search=lista&orderBy=-name')).json();
    expect(byNameDesc.results.map((row: { name: string }) => row.name)).toEqual(['Zoe Lista', 'Marta Lista', 'Ana Lista']);

    const page1 = (await get('/users/?search=lista&pageSize=2&page=1&orderBy=name')).json();
    expect(page1.meta).toEqual({ hasNextPage: true, total: 3 });
    const page2 = (await get('/users/?search=lista&pageSize=2&page=2&orderBy=name')).json();
    expect(page2.results.map((row: { name: string }) => row.name)).toEqual(['Zoe Lista']);
    expect(page2.meta.hasNextPage).toBe(false);

    for (const query of ['page=0', 'pageSize=101', 'page=x', 'orderBy=password']) {
      const bad = await get(`/users/?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.message).toBe('El valor no es válido');
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
    const created = (await post({ name: 'Auditada Persona', email: 'auditada@portales.test', permissions: [perm('Sites')], password: 'clave-secreta-1' })).json();
    await put(created.id, { name: 'Auditada Persona Dos', email: 'auditada@portales.test', permissions: [perm('Users')], password: 'clave-secreta-2' });
    const rows = await t.database.query<{ action: string; user_email: string; before: unknown; after: Record<string, unknown> }>(
      `select action, user_email, before, after from audit_log where resource = 'superadmins' and record_id = $1 order by id`,
      [String(created.id)],
    );
    expect(rows.map((row) => row.action)).toEqual(['create', 'update']);
    expect(rows.every((row) => row.user_email === 'gestor@portales.test')).toBe(true);
    expect(rows[0]!.before).toBeNull();
    expect(rows[0]!.after).toMatchObject({ name: 'Auditada Persona', email: 'auditada@portales.test', permissions: ['Sites'] });
    expect(rows[1]!.before).toMatchObject({ name: 'Auditada Persona', permissions: ['Sites'] });
    expect(rows[1]!.after).toMatchObject({ name: 'Auditada Persona Dos', permissions: ['Users'] });
    expect(JSON.stringify(rows)).not.toMatch(/clave-secreta|argon2|password/i);
  });
});
