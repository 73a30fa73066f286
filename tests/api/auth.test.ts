/** Sign-in, session, captcha and throttling (spec 01 §2 'Login', §5 'Login', §7, §8). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashCaptchaAnswer } from '../../server/auth/captcha';
import { hashPassword } from '../../server/auth/passwords';
import { issueToken, verifyToken } from '../../server/auth/tokens';
import { PERMISSIONS } from '../../resources/permissions';
import { verifyPassword } from '../../server/auth/passwords';
import { openDatabase } from '../../server/db/connection';
import { bootstrapSuperadmin, DEFAULT_ADMIN_EMAIL } from '../../server/seed/bootstrap';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const ADMIN = { email: 'admin@portales.test', password: 'Clave-de-prueba-1' };
const API = '/api/v1';

let t: TestApp;
let ipCounter = 0;
/** Each scenario signs in from its own address so that the per-address counter does not leak between tests. */
const freshIp = () => `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

function login(payload: Record<string, unknown>, remoteAddress = freshIp()) {
  return t.app.inject({ method: 'POST', url: `${API}/auth/`, payload, remoteAddress });
}

async function createSuperadmin(email: string, password: string, extra: { deleted?: boolean; userTypeId?: number } = {}) {
  const rows = await t.database.query<{ id: number }>(
    `insert into users (user_type_id, name, email, password_hash, deleted) values ($1, $2, $3, $4, $5) returning id`,
    [extra.userTypeId ?? 2, `Persona ${email}`, email, await hashPassword(password), extra.deleted ?? false],
  );
  return rows[0]!.id;
}

/** A captcha whose answer is known (the image cannot be read by a test). */
async function knownCaptcha(answer = 'k7PQz', expiresInMinutes = 5) {
  const captchaId = `test-${Math.random().toString(36).slice(2)}`;
  await t.database.query(
    `insert into captchas (id, answer_hash, expires_at) values ($1, $2, now() + make_interval(mins => $3))`,
    [captchaId, hashCaptchaAnswer(answer), expiresInMinutes],
  );
  return { captchaId, captcha: answer };
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /auth/ (sign-in)', () => {
  it('signs the bootstrap superadmin in and answers the token and the user with its permissions', async () => {
    const response = await login(ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(typeof body.token).toBe('string');
    expect(body.user).toMatchObject({ email: ADMIN.email });
    expect(typeof body.user.id).toBe('number');
    expect(typeof body.user.name).toBe('string');
    expect(body.user.permissions).toEqual(PERMISSIONS.map((p) => ({ permissionID: p.permissionID, name: p.name })));

    const me = await t.app.inject({ method: 'GET', url: `${API}/auth/`, headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);

    const [row] = await t.database.query<{ last_login: Date | null }>('select last_login from users where id = $1', [body.user.id]);
    expect(row!.last_login).not.toBeNull();
    const audit = await t.database.query<{ action: string; user_id: number }>(
      `select action, user_id from audit_log where action = 'login' and user_id = $1`,
      [body.user.id],
    );
    expect(audit.length).toBeGreaterThan(0);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const response = await login({ email: '  ADMIN@Portales.TEST ', password: ADMIN.password });
    expect(response.statusCode).toBe(200);
  });

  it('answers each validation message of the spec, one detail per field', async () => {
    const empty = await login({});
    expect(empty.statusCode).toBe(400);
    const details = empty.json().error.details as { target: string; message: string }[];
    expect(details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target: 'email', message: 'Debes ingresar el correo electrónico' }),
        expect.objectContaining({ target: 'password', message: 'Debes ingresar tu contraseña' }),
      ]),
    );

    const invalid = await login({ email: 'no-es-un-correo', password: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details).toEqual([expect.objectContaining({ target: 'email', message: 'Correo electrónico no válido' })]);

    const tooLong = await login({ email: `${'a'.repeat(146)}@b.co`, password: 'x' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.details[0]).toMatchObject({ target: 'email', message: 'Correo electrónico no válido' });

    const noBody = await t.app.inject({ method: 'POST', url: `${API}/auth/`, remoteAddress: freshIp() });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error.code).toBe('BadArgument');
  });

  it('refuses wrong credentials with 401 InvalidCredentials and the spec message', async () => {
    await createSuperadmin('inactiva@portales.test', 'secreto-1', { deleted: true });
    await createSuperadmin('admin-de-sitio@portales.test', 'secreto-1', { userTypeId: 1 });
    const attempts = [
      { email: ADMIN.email, password: 'otra-clave' },
      { email: 'nadie@portales.test', password: ADMIN.password },
      { email: 'inactiva@portales.test', password: 'secreto-1' },
      { email: 'admin-de-sitio@portales.test', password: 'secreto-1' },
    ];
    for (const attempt of attempts) {
      const response = await login(attempt);
      expect(response.statusCode, attempt.email).toBe(401);
      expect(response.json().error).toMatchObject({ code: 'InvalidCredentials', message: 'Usuario o clave incorrecta' });
    }
  });
});

describe('GET /captcha/', () => {
  it('answers an SVG image, its id and the request value, and stores only a digest of the answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/captcha/` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.image).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(typeof body.captchaId).toBe('string');
    expect(typeof body.requestValue).toBe('number');
    const rows = await t.database.query<{ answer_hash: string; expires_at: Date }>(
      'select answer_hash, expires_at from captchas where id = $1',
      [body.captchaId],
    );
    expect(rows[0]!.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (new Date(rows[0]!.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4);
    expect(minutes).toBeLessThanOrEqual(5.1);
  });

  it('answers the Captcha.RequestValue setting', async () => {
    await t.database.query(
      `insert into settings (key_word, value) values ('Captcha.RequestValue', '73')
       on conflict (key_word) do update set value = excluded.value`,
    );
    const response = await t.app.inject({ method: 'GET', url: `${API}/captcha/` });
    expect(response.json().requestValue).toBe(73);
  });

  it('verifies a captcha whenever one is sent: right once, then wrong, reused or expired are refused', async () => {
    const good = await knownCaptcha('AbC12');
    const ok = await login({ ...ADMIN, captchaId: good.captchaId, captcha: 'abc12' });
    expect(ok.statusCode).toBe(200);

    const reused = await login({ ...ADMIN, ...good });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({
      code: 'CaptchaInvalid',
      message: 'El Captcha ingresado no es correcto',
      details: [expect.objectContaining({ target: 'captcha' })],
    });

    const wrong = await knownCaptcha('zzzzz');
    const wrongAnswer = await login({ ...ADMIN, captchaId: wrong.captchaId, captcha: 'yyyyy' });
    expect(wrongAnswer.json().error.code).toBe('CaptchaInvalid');
    // A wrong answer uses the captcha up: the right answer no longer passes.
    expect((await login({ ...ADMIN, ...wrong })).json().error.code).toBe('CaptchaInvalid');

    const expired = await knownCaptcha('ttttt', -1);
    expect((await login({ ...ADMIN, ...expired })).json().error.code).toBe('CaptchaInvalid');

    const unknown = await login({ ...ADMIN, captchaId: 'no-existe', captcha: 'abcde' });
    expect(unknown.json().error.code).toBe('CaptchaInvalid');

    const idWithoutAnswer = await login({ ...ADMIN, captchaId: (await knownCaptcha()).captchaId });
    expect(idWithoutAnswer.statusCode).toBe(400);
    expect(idWithoutAnswer.json().error).toMatchObject({ code: 'CaptchaRequired', message: 'Debes ingresar el Captcha' });
  });
});

describe('sign-in throttling', () => {
  it('requires the captcha after 3 failures for one e-mail, from any address, until a success', async () => {
    const email = 'lenta@portales.test';
    await createSuperadmin(email, 'clave-buena');
    for (let i = 0; i < 3; i += 1) {
      expect((await login({ email, password: `mala-${i}` })).statusCode).toBe(401);
    }
    const blocked = await login({ email, password: 'clave-buena' });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().error).toMatchObject({
      code: 'CaptchaRequired',
      message: 'Debes ingresar el Captcha',
      details: [{ code: 'CaptchaRequired', target: 'captcha', message: 'Debes ingresar el Captcha' }],
    });
    // Whatever the client's random draw: a wrong password with no captcha is not even checked.
    expect((await login({ email, password: 'mala' })).json().error.code).toBe('CaptchaRequired');

    const passed = await login({ email, password: 'clave-buena', ...(await knownCaptcha()) });
    expect(passed.statusCode).toBe(200);
    // Success resets the counter.
    expect((await login({ email, password: 'clave-buena' })).statusCode).toBe(200);
  });

  it('counts simultaneous failures too: no more than 3 wrong passwords get past the captcha', async () => {
    const email = 'a-la-vez@portales.test';
    await createSuperadmin(email, 'clave-buena');
    const answers = await Promise.all(Array.from({ length: 6 }, () => login({ email, password: 'mala' })));
    const codes = answers.map((answer) => answer.json().error.code).sort();
    expect(codes).toEqual(['CaptchaRequired', 'CaptchaRequired', 'CaptchaRequired', 'InvalidCredentials', 'InvalidCredentials', 'InvalidCredentials']);
    const [row] = await t.database.query<{ failures: number }>('select failures from login_attempts where key = $1', [`email:${email}`]);
    expect(row!.failures).toBe(3);
  });

  it('requires the captcha after 3 failures from one address, whatever the e-mail', async () => {
    const ip = '10.200.0.1';
    for (const email of ['a@portales.test', 'b@portales.test', 'c@portales.test']) {
      expect((await login({ email, password: 'x' }, ip)).statusCode).toBe(401);
    }
    expect((await login(ADMIN, ip)).json().error.code).toBe('CaptchaRequired');
    expect((await login(ADMIN)).statusCode).toBe(200);
  });

  it('slows answers down from 5 failures on', async () => {
    const email = 'muy-lenta@portales.test';
    await createSuperadmin(email, 'clave-buena');
    await t.database.query(`insert into login_attempts (key, failures, last_failure_at) values ($1, 6, now())`, [
      `email:${email}`,
    ]);
    const started = Date.now();
    const response = await login({ email, password: 'mala', ...(await knownCaptcha()) });
    expect(response.statusCode).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    const [row] = await t.database.query<{ failures: number }>('select failures from login_attempts where key = $1', [`email:${email}`]);
    expect(row!.failures).toBe(7);
  });

  it('forgets failures older than the window', async () => {
    const email = 'antigua@portales.test';
    await createSuperadmin(email, 'clave-buena');
    await t.database.query(
      `insert into login_attempts (key, failures, last_failure_at) values ($1, 9, now() - interval '1 day')`,
      [`email:${email}`],
    );
    expect((await login({ email, password: 'clave-buena' })).statusCode).toBe(200);
  });
});

describe('session', () => {
  it('GET /auth/ without a token is 401 with the session message; a forged token is flagged invalid', async () => {
    const none = await t.app.inject({ method: 'GET', url: `${API}/auth/` });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toBe('Tu sesión ha caducado, vuelve a iniciar sesión.');
    const forged = await t.app.inject({ method: 'GET', url: `${API}/auth/`, headers: bearer('a.b.c') });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['x-invalid-token']).toBe('true');
  });

  it('logout revokes the session: the same token is then refused with x-invalid-token', async () => {
    const { token, user } = (await login(ADMIN)).json();
    const logout = await t.app.inject({ method: 'GET', url: `${API}/auth/logout/`, headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({});
    const after = await t.app.inject({ method: 'GET', url: `${API}/auth/`, headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.headers['x-invalid-token']).toBe('true');
    const audit = await t.database.query(`select 1 from audit_log where action = 'logout' and user_id = $1`, [user.id]);
    expect(audit.length).toBe(1);
    // Another session of the same user is untouched.
    const other = (await login(ADMIN)).json().token;
    expect((await t.app.inject({ method: 'GET', url: `${API}/auth/`, headers: bearer(other) })).statusCode).toBe(200);
  });

  it('every answer carries the server date in x-currentdate', async () => {
    for (const url of [`${API}/captcha/`, `${API}/auth/`, `${API}/no-existe`]) {
      const response = await t.app.inject({ method: 'GET', url });
      const date = Date.parse(String(response.headers['x-currentdate']));
      expect(Math.abs(date - Date.now())).toBeLessThan(60_000);
    }
  });

  it('sends a fresh token in x-refresh-token only when the token is close to expiry', async () => {
    const { token } = (await login(ADMIN)).json();
    const fresh = await t.app.inject({ method: 'GET', url: `${API}/auth/`, headers: bearer(token) });
    expect(fresh.headers['x-refresh-token']).toBeUndefined();

    const claims = (await verifyToken(t.context.signingKey, token))!;
    const nearExpiry = await issueToken(t.context.signingKey, { userId: claims.userId, sessionId: claims.sessionId }, 60);
    const refreshed = await t.app.inject({ method: 'GET', url: `${API}/auth/`, headers: bearer(nearExpiry) });
    expect(refreshed.statusCode).toBe(200);
    const newToken = String(refreshed.headers['x-refresh-token']);
    const newClaims = (await verifyToken(t.context.signingKey, newToken))!;
    expect(newClaims.sessionId).toBe(claims.sessionId);
    expect(newClaims.expiresAt - Date.now() / 1000).toBeGreaterThan(t.config.tokenTtlSeconds - 60);
    expect((await t.app.inject({ method: 'GET', url: `${API}/auth/`, headers: bearer(newToken) })).statusCode).toBe(200);
  });
});

describe('GET /permissions', () => {
  it('lists the nine permissions to any signed-in user', async () => {
    const token = await t.tokenFor(['Tickets']);
    const response = await t.app.inject({ method: 'GET', url: `${API}/permissions`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: PERMISSIONS.map((p) => ({ permissionID: p.permissionID, name: p.name })),
      meta: { hasNextPage: false, total: 9 },
    });
    expect((await t.app.inject({ method: 'GET', url: `${API}/permissions` })).statusCode).toBe(401);
  });
});

describe('bootstrapSuperadmin', () => {
  it('creates one superadmin with the nine permissions, printing a generated password once, and only on a database without one', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await database.migrate();
      const lines: string[] = [];
      const created = await bootstrapSuperadmin(database, { adminEmail: undefined, adminPassword: undefined }, (line) => lines.push(line));
      expect(created).toBe(DEFAULT_ADMIN_EMAIL);
      expect(lines).toHaveLength(1);
      const password = /contraseña (\S+)/.exec(lines[0]!)?.[1];
      expect(lines[0]).toContain(DEFAULT_ADMIN_EMAIL);
      expect(password?.length).toBeGreaterThanOrEqual(12);

      const [user] = await database.query<{ id: number; password_hash: string; user_type_id: number }>(
        'select id, password_hash, user_type_id from users',
      );
      expect(user!.user_type_id).toBe(2);
      expect(user!.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(user!.password_hash, password!)).toBe(true);
      const held = await database.query<{ name: string }>(
        'select p.name from user_permissions up join permissions p using (permission_id) where up.user_id = $1 order by 1',
        [user!.id],
      );
      expect(held.map((row) => row.name)).toEqual(PERMISSIONS.map((p) => p.name).sort());

      expect(await bootstrapSuperadmin(database, { adminEmail: 'otra@portales.test', adminPassword: 'x-123456' }, (line) => lines.push(line))).toBeNull();
      expect(lines).toHaveLength(1);
      expect((await database.query('select 1 from users')).length).toBe(1);
    } finally {
      await database.close();
    }
  });
});
