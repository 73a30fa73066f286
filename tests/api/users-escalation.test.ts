/**
 * Holding Users is not full control (issue 5): a superadmin grants only permissions they hold, changes only
 * superadmins whose permissions they all hold, and a new e-mail ends the account's sessions and pending links
 * and is told to the old address (server/auth/superadminRules.ts, docs/decisions/0007-superadmin-rules.md).
 */
import { settleBackgroundTasks } from '../../server/http/background';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type PermissionName } from '../../resources/permissions';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { linkToken, mailsTo, readMailbox } from './mailbox';

const API = '/api/v1';
let t: TestApp;
/** Holds only Users. */
let usersOnly: string;
/** Holds all nine permissions. */
let full: string;
let ipCounter = 0;

const ALL = PERMISSIONS.map((p) => p.name);
const perm = (name: PermissionName) => {
  const found = PERMISSIONS.find((p) => p.name === name)!;
  return { permissionID: found.permissionID, name: found.name };
};
const perms = (names: readonly PermissionName[]) => names.map(perm);

const post = (payload: unknown, token: string) =>
  t.app.inject({ method: 'POST', url: `${API}/users/`, payload: payload as object, headers: bearer(token) });
const put = (id: number, payload: unknown, token: string) =>
  t.app.inject({ method: 'PUT', url: `${API}/users/${id}`, payload: payload as object, headers: bearer(token) });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
const login = (email: string, password: string) => {
  ipCounter += 1;
  return t.app.inject({ method: 'POST', url: `${API}/auth/`, payload: { email, password }, remoteAddress: `10.4.0.${ipCounter}` });
};
const checkLink = (token: string) => t.app.inject({ method: 'GET', url: `${API}/users/passwordreset/${token}` });
const lastLink = (email: string) => {
  const mails = mailsTo(t.mailDir, email);
  return linkToken(mails[mails.length - 1]!);
};
const setPassword = (token: string, password: string) =>
  t.app.inject({ method: 'PUT', url: `${API}/users/passwordreset/${token}`, payload: { password, confirmPassword: password } });

interface Account {
  id: number;
  name: string;
  email: string;
  permissions: PermissionName[];
  password: string;
}

/** A superadmin created by the full admin, its password set through its invitation link. */
async function account(email: string, permissions: readonly PermissionName[]): Promise<Account> {
  const name = `Cuenta ${email.split('@')[0]}`;
  const created = await post({ name, email, permissions: perms(permissions) }, full);
  expect(created.statusCode).toBe(201);
  const password = `clave-${email.split('@')[0]}`;
  expect((await setPassword(lastLink(email), password)).statusCode).toBe(200);
  return { id: created.json().id, name, email, permissions: [...permissions], password };
}

async function signIn(email: string, password: string): Promise<string> {
  const response = await login(email, password);
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

const body = (a: Account, change: Record<string, unknown> = {}) => ({
  name: a.name,
  email: a.email,
  permissions: perms(a.permissions),
  ...change,
});

/** Everything a refused request must leave as it was: superadmins, their sets, sessions, links, audit and mail. */
async function snapshot() {
  const [superadmins, sessions, links, audit] = await Promise.all([
    t.database.query(
      `select u.id, u.name, u.email, u.deleted, u.password_hash, u.modified_date,
              array(select up.permission_id from user_permissions up where up.user_id = u.id order by 1) as permissions
         from users u where u.user_type_id = 2 order by u.id`,
    ),
    t.database.query(`select id, revoked_at from sessions order by id`),
    t.database.query(`select token_hash, used_at from password_resets order by token_hash`),
    t.database.query(`select count(*)::int as n from audit_log`),
  ]);
  return { superadmins, sessions, links, audit, mails: readMailbox(t.mailDir).length };
}

const forbiddenEnvelope = {
  code: 'Forbidden',
  message: 'No puedes modificar a un superadministrador con permisos que tú no tienes.',
  details: [],
};
const grantMessage = 'Solo puedes asignar permisos que tú tienes.';
const grantEnvelope = {
  code: 'BadArgument',
  message: grantMessage,
  details: [{ code: 'BadArgument', target: 'permissions', message: grantMessage }],
};

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  usersOnly = await t.tokenFor(['Users'], 'solo-usuarios@portales.test');
  full = await t.tokenFor(ALL, 'total@portales.test');
});
afterAll(async () => {
  await t?.close();
});

describe('granting only what one holds', () => {
  it('a Users-only holder cannot create a superadmin with Settings, nor with all nine: 400 on permissions, nothing saved or mailed', async () => {
    const before = await snapshot();
    for (const permissions of [['Settings'], ['Users', 'Settings'], ALL] as const) {
      const email = 'mio@portales.test';
      const response = await post({ name: 'Cuenta con más poder', email, permissions: perms(permissions) }, usersOnly);
      expect(response.statusCode, permissions.join()).toBe(400);
      expect(response.json().error).toEqual(grantEnvelope);
      expect(mailsTo(t.mailDir, email)).toHaveLength(0);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a Users-only holder can create a Users-only superadmin', async () => {
    const created = await post({ name: 'Otra gestora', email: 'otra-gestora@portales.test', permissions: [perm('Users')] }, usersOnly);
    expect(created.statusCode).toBe(201);
    expect(created.json().permissions).toEqual([perm('Users')]);
    expect(mailsTo(t.mailDir, 'otra-gestora@portales.test')).toHaveLength(1);
  });

  it('a holder of Users and Sites grants Sites but not Reports', async () => {
    const token = await t.tokenFor(['Sites', 'Users'], 'usuarios-portales@portales.test');
    const sites = await post({ name: 'Gestora de portales', email: 'gestora-portales@portales.test', permissions: [perm('Sites')] }, token);
    expect(sites.statusCode).toBe(201);
    const reports = await post(
      { name: 'Gestora de métricas', email: 'gestora-metricas@portales.test', permissions: perms(['Sites', 'Reports']) },
      token,
    );
    expect(reports.statusCode).toBe(400);
    expect(reports.json().error).toEqual(grantEnvelope);

    // Nor on a change of a superadmin within reach: giving it Reports is refused, the set is kept.
    const id = sites.json().id as number;
    const grant = await put(id, { name: 'Gestora de portales', email: 'gestora-portales@portales.test', permissions: perms(['Sites', 'Reports']) }, token);
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toEqual(grantEnvelope);
    expect((await get(`/users/${id}`, token)).json().permissions).toEqual([perm('Sites')]);
  });
});

describe('changing only superadmins within reach', () => {
  it('a Users-only holder cannot change the e-mail or name of a full admin, nor deactivate it: 403, nothing changed', async () => {
    const admin = await account('completa@portales.test', ALL);
    const session = await signIn(admin.email, admin.password);
    const before = await snapshot();
    for (const change of [
      { email: 'buzon-ajeno@portales.test' },
      { name: 'Nombre cambiado' },
      { deleted: true },
      { permissions: [perm('Users')] },
      {},
    ]) {
      const response = await put(admin.id, body(admin, change), usersOnly);
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
      expect(response.json().error).toEqual(forbiddenEnvelope);
    }
    expect(await snapshot()).toEqual(before);
    expect(mailsTo(t.mailDir, 'buzon-ajeno@portales.test')).toHaveLength(0);
    expect((await get('/auth/', session)).statusCode).toBe(200);
    // Its recovery still goes to its own mailbox only.
    expect((await login(admin.email, admin.password)).statusCode).toBe(200);
  });

  it('one permission the caller lacks is enough to be out of reach (Users and Settings)', async () => {
    const target = await account('usuarios-ajustes@portales.test', ['Users', 'Settings']);
    const before = await snapshot();
    const response = await put(target.id, body(target, { permissions: [perm('Users')] }), usersOnly);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual(forbiddenEnvelope);
    expect(await snapshot()).toEqual(before);
  });

  it('a Users-only holder can manage a Users-only account: name, e-mail, deactivation and back', async () => {
    const peer = await account('par@portales.test', ['Users']);
    const renamed = await put(peer.id, body(peer, { name: 'Par renombrado', email: 'par.nuevo@portales.test' }), usersOnly);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Par renombrado', email: 'par.nuevo@portales.test', permissions: [perm('Users')] });
    const moved = { ...peer, name: 'Par renombrado', email: 'par.nuevo@portales.test' };

    const deactivated = await put(peer.id, body(moved, { deleted: true }), usersOnly);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().deleted).toBe(true);
    const reactivated = await put(peer.id, body(moved, { deleted: false }), usersOnly);
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json().deleted).toBe(false);

    // Still within reach, but not to be raised above the caller.
    const raised = await put(peer.id, body(moved, { permissions: perms(['Users', 'Settings']) }), usersOnly);
    expect(raised.statusCode).toBe(400);
    expect(raised.json().error).toEqual(grantEnvelope);
  });

  it('a full admin manages everyone: creates with all nine, changes e-mail and permissions, deactivates', async () => {
    const created = await post({ name: 'Segunda completa', email: 'segunda-completa@portales.test', permissions: perms(ALL) }, full);
    expect(created.statusCode).toBe(201);
    expect(created.json().permissions).toEqual(perms(ALL));
    const id = created.json().id as number;

    const moved = await put(id, { name: 'Segunda completa', email: 'segunda.completa@portales.test', permissions: perms(ALL) }, full);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().email).toBe('segunda.completa@portales.test');

    const reduced = await put(id, { name: 'Segunda completa', email: 'segunda.completa@portales.test', permissions: perms(['Reports']) }, full);
    expect(reduced.statusCode).toBe(200);
    expect(reduced.json().permissions).toEqual([perm('Reports')]);

    const deactivated = await put(
      id,
      { name: 'Segunda completa', email: 'segunda.completa@portales.test', permissions: perms(['Reports']), deleted: true },
      full,
    );
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().deleted).toBe(true);
  });

  it('the self rules are unchanged: a full admin still cannot change its own set or deactivate itself', async () => {
    const self = (await get('/auth/', full)).json() as { id: number; name: string; email: string };
    const own = await put(self.id, { name: self.name, email: self.email, permissions: [perm('Users')] }, full);
    expect(own.statusCode).toBe(400);
    expect(own.json().error.details[0].target).toBe('permissions');
    const off = await put(self.id, { name: self.name, email: self.email, permissions: perms(ALL), deleted: true }, full);
    expect(off.statusCode).toBe(400);
    expect(off.json().error.details[0].target).toBe('deleted');
  });
});

describe('changing an e-mail', () => {
  it('ends the sessions and pending links of the account and tells the old address who changed it and to what', async () => {
    const target = await account('antes@portales.test', ['Users']);
    const sessions = [await signIn(target.email, target.password), await signIn(target.email, target.password)];
    // A recovery link pending in the old mailbox.
    expect((await t.app.inject({ method: 'POST', url: `${API}/users/passwordreset/`, payload: { email: target.email } })).statusCode).toBe(200);
    await settleBackgroundTasks(t.app); // the link is issued and mailed after the answer
    const pending = lastLink(target.email);
    expect((await checkLink(pending)).statusCode).toBe(200);
    const mailsBefore = mailsTo(t.mailDir, target.email).length;

    const changed = await put(target.id, body(target, { email: 'despues@portales.test' }), usersOnly);
    expect(changed.statusCode).toBe(200);

    for (const session of sessions) expect((await get('/auth/', session)).statusCode).toBe(401);
    expect((await checkLink(pending)).statusCode).toBe(404);
    expect((await setPassword(pending, 'robada-1234')).statusCode).toBe(404);
    expect((await login(target.email, target.password)).statusCode).toBe(401);

    const notices = mailsTo(t.mailDir, target.email).slice(mailsBefore);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Tu correo de acceso a Portales cambió');
    const actor = (await get('/auth/', usersOnly)).json() as { name: string; email: string };
    expect(notices[0]!.text).toContain(`Tu correo de acceso fue cambiado por ${actor.name} (solo-usuarios@portales.test)`);
    expect(notices[0]!.text).toContain('despues@portales.test');
    expect(notices[0]!.text).not.toMatch(/recordar-clave/);
    expect(mailsTo(t.mailDir, 'despues@portales.test')).toHaveLength(0);

    // The password is kept: the account signs in with the new address.
    expect((await login('despues@portales.test', target.password)).statusCode).toBe(200);
  });

  it('without a new e-mail (the same one in another case included) nothing is revoked and nothing mailed', async () => {
    const target = await account('igual@portales.test', ['Users']);
    const session = await signIn(target.email, target.password);
    const mails = readMailbox(t.mailDir).length;
    const renamed = await put(target.id, body(target, { name: 'Igual renombrada', email: 'IGUAL@portales.test' }), usersOnly);
    expect(renamed.statusCode).toBe(200);
    expect((await get('/auth/', session)).statusCode).toBe(200);
    expect(readMailbox(t.mailDir)).toHaveLength(mails);
  });

  it('on one\'s own record: keeps the session used, ends the others, and tells the old address', async () => {
    const self = await account('propia@portales.test', ['Users']);
    const acting = await signIn(self.email, self.password);
    const other = await signIn(self.email, self.password);
    const changed = await put(self.id, body(self, { email: 'propia.nueva@portales.test' }), acting);
    expect(changed.statusCode).toBe(200);
    expect((await get('/auth/', acting)).statusCode).toBe(200);
    expect((await get('/auth/', other)).statusCode).toBe(401);
    const notices = mailsTo(t.mailDir, self.email).filter((mail) => mail.subject === 'Tu correo de acceso a Portales cambió');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('propia.nueva@portales.test');
  });
});

describe('under concurrency', () => {
  it('a Users-only holder never changes a superadmin that is being given Settings at the same moment', async () => {
    for (let round = 0; round < 4; round += 1) {
      const target = await account(`carrera${round}@portales.test`, ['Users']);
      const [grant, move] = await Promise.all([
        put(target.id, body(target, { permissions: perms(['Users', 'Settings']) }), full),
        put(target.id, body(target, { email: `carrera${round}.ajena@portales.test` }), usersOnly),
      ]);
      expect(grant.statusCode).toBe(200);
      // Either the e-mail moved before Settings was given, or the move was refused after: never both on a Settings holder
      // changed by someone without Settings.
      expect([200, 403]).toContain(move.statusCode);
      const rows = await t.database.query<{ action: string; user_email: string; before: { email: string; permissions: string[] } }>(
        `select action, user_email, before from audit_log where resource = 'superadmins' and record_id = $1 and action = 'update' order by id`,
        [String(target.id)],
      );
      for (const row of rows.filter((r) => r.user_email === 'solo-usuarios@portales.test')) {
        expect(row.before.permissions).toEqual(['Users']);
      }
    }
  });
});
