/** Sign-in, session, captcha and throttling (spec 01 §2 'Login', §5 'Login', §7, §8). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, createCaptcha, hashCaptchaAnswer, randomCaptchaText } from '../../server/auth/captcha';
import { hashPassword } from '../../server/auth/passwords';
import { accountDelayMs, DELAY_AFTER_FAILURES } from '../../server/auth/throttleRules';
import { settleBackgroundTasks } from '../../server/http/background';
import { issueToken, verifyToken } from '../../server/auth/tokens';
import { PERMISSIONS } from '../../resources/permissions';
import { verifyPassword } from '../../server/auth/passwords';
import { openDatabase } from '../../server/db/connection';
import { bootstrapSuperadmin, DEFAULT_ADMIN_EMAIL } from '../../server/seed/bootstrap';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { linkToken, mailsTo } from './mailbox';

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

/** The failed sign-ins whose password was checked (one audit row each). */
function failedChecks(email: string) {
  return t.database.query(`select 1 from audit_log where action = 'login_failed' and user_email = $1`, [email]);
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
  it('answers a PNG image (no drawing instructions), its id and the request value, and stores only a digest of the answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/captcha/` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(body.image.slice('data:image/png;base64,'.length), 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(response.body).not.toMatch(/<svg|<path|<text/i);
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

  it('draws answers from the unambiguous alphabet, never writes the answer into the image, and verifies it once', async () => {
    for (let i = 0; i < 50; i += 1) expect(randomCaptchaText()).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{5}$`));
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1IL5S2Z8B6G]/);
    const issued = await createCaptcha(t.database, 'KX7PM');
    const png = Buffer.from(issued.image.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.toString('latin1').toLowerCase()).not.toContain('kx7pm');
    expect(issued.image).not.toContain('KX7PM');

    const ok = await login({ ...ADMIN, captchaId: issued.captchaId, captcha: ' kx7pm ' });
    expect(ok.statusCode).toBe(200);
    const again = await login({ ...ADMIN, captchaId: issued.captchaId, captcha: 'KX7PM' });
    expect(again.json().error.code).toBe('CaptchaInvalid');
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
    const failures = [];
    for (let i = 0; i < 3; i += 1) failures.push(await login({ email, password: `mala-${i}` }));
    expect(failures.map((failure) => failure.statusCode)).toEqual([401, 401, 401]);
    // The failure that makes the captcha required says so at once (the form shows it with the message).
    expect(failures.map((failure) => failure.json().error.details)).toEqual([
      [],
      [],
      [{ code: 'CaptchaRequired', target: 'captcha', message: 'Debes ingresar el Captcha' }],
    ]);
    expect(failures[2]!.json().error).toMatchObject({ code: 'InvalidCredentials', message: 'Usuario o clave incorrecta' });
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
    const captchaNext = [];
    for (const email of ['a@portales.test', 'b@portales.test', 'c@portales.test']) {
      const failure = await login({ email, password: 'x' }, ip);
      expect(failure.statusCode).toBe(401);
      captchaNext.push(failure.json().error.details.some((detail: { code: string }) => detail.code === 'CaptchaRequired'));
    }
    expect(captchaNext).toEqual([false, false, true]);
    expect((await login(ADMIN, ip)).json().error.code).toBe('CaptchaRequired');
    expect((await login(ADMIN)).statusCode).toBe(200);
  });

  it('makes the account wait after its 5th failure: sooner attempts are refused unchecked, even with the right password', async () => {
    const email = 'muy-lenta@portales.test';
    await createSuperadmin(email, 'clave-buena');
    await t.database.query(`insert into login_attempts (key, failures, last_failure_at) values ($1, 4, now())`, [`email:${email}`]);
    const fifth = await login({ email, password: 'mala', ...(await knownCaptcha()) });
    expect(fifth.statusCode).toBe(401);
    const [row] = await t.database.query<{ failures: number; wait_ms: number }>(
      `select failures, extract(epoch from next_allowed_at - last_failure_at) * 1000 as wait_ms from login_attempts where key = $1`,
      [`email:${email}`],
    );
    expect(row!.failures).toBe(5);
    expect(Math.round(Number(row!.wait_ms))).toBe(accountDelayMs(5));

    const early = await login({ email, password: 'clave-buena', ...(await knownCaptcha()) });
    expect(early.statusCode).toBe(429);
    expect(early.json().error).toMatchObject({ code: 'TooManyRequests', message: expect.stringMatching(/^Demasiados intentos fallidos con esta cuenta\. Espera \d+ segundos/) });
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    expect((await failedChecks(email)).length).toBe(5 - 4);

    // Once the delay has passed (moved back in the database, not waited for), the right password signs in.
    await t.database.query(`update login_attempts set next_allowed_at = now() - interval '1 second' where key = $1`, [`email:${email}`]);
    expect((await login({ email, password: 'clave-buena', ...(await knownCaptcha()) })).statusCode).toBe(200);
  });

  it('a parallel burst of 20 guesses with solved captchas on one account gets only 5 passwords checked', async () => {
    const email = 'rafaga@portales.test';
    await createSuperadmin(email, 'clave-buena');
    const captchas = await Promise.all(Array.from({ length: 20 }, () => knownCaptcha()));
    const answers = await Promise.all(captchas.map((captcha, i) => login({ email, password: `mala-${i}`, ...captcha })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(DELAY_AFTER_FAILURES).fill(401), ...Array(20 - DELAY_AFTER_FAILURES).fill(429)]);
    expect((await failedChecks(email)).length).toBe(DELAY_AFTER_FAILURES);
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

describe('temporary lock of an account', () => {
  /** One wrong guess with a solved captcha, after moving the account's delay back (time passing, without sleeping). */
  async function guessAfterDelay(email: string, password: string) {
    await t.database.query(`update login_attempts set next_allowed_at = null where key = $1`, [`email:${email}`]);
    return login({ email, password, ...(await knownCaptcha()) });
  }

  it('locks after 10 failures: even the right password is refused with the spec text, the owner is mailed once, recovery unlocks', async () => {
    const email = 'bloqueada@portales.test';
    await createSuperadmin(email, 'clave-buena');
    let lastFailure;
    for (let i = 0; i < t.config.loginLockAfterFailures; i += 1) {
      lastFailure = await guessAfterDelay(email, `mala-${i}`);
      expect(lastFailure.statusCode).toBe(401);
    }
    const [row] = await t.database.query<{ minutes: number }>(
      `select extract(epoch from locked_until - now()) / 60 as minutes from login_attempts where key = $1`,
      [`email:${email}`],
    );
    expect(Number(row!.minutes)).toBeGreaterThan(t.config.loginLockMinutes - 1);
    expect(Number(row!.minutes)).toBeLessThanOrEqual(t.config.loginLockMinutes);

    for (const password of ['clave-buena', 'otra-mala']) {
      const refused = await guessAfterDelay(email, password);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toMatchObject({ code: 'InvalidCredentials', message: 'Usuario o clave incorrecta' });
      // Like the failure that locked it: nothing in the answer tells a lock apart.
      expect(refused.json().error.details).toEqual(lastFailure!.json().error.details);
    }
    // Refused while locked without checking the password: no more failures, no session.
    expect((await failedChecks(email)).length).toBe(t.config.loginLockAfterFailures);
    const locks = await t.database.query(`select 1 from audit_log where action = 'account_locked' and user_email = $1`, [email]);
    expect(locks).toHaveLength(1);

    await settleBackgroundTasks(t.app);
    const notices = mailsTo(t.mailDir, email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Tu cuenta de Portales fue bloqueada temporalmente');
    expect(notices[0]!.text).toContain(`${t.config.loginLockMinutes} minutos`);

    // The recovery link still works while locked, and the new password lifts the lock.
    const request = await t.app.inject({ method: 'POST', url: `${API}/users/passwordreset/`, payload: { email } });
    expect(request.statusCode).toBe(200);
    await settleBackgroundTasks(t.app);
    const token = linkToken(mailsTo(t.mailDir, email).find((mail) => mail.subject === 'Recupera tu contraseña')!);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/users/passwordreset/${token}`,
      payload: { password: 'clave-nueva', confirmPassword: 'clave-nueva' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await login({ email, password: 'clave-nueva' })).statusCode).toBe(200);
  });

  it('a lock of an unknown e-mail sends nothing; a lock ends by itself after its minutes', async () => {
    const email = 'expira@portales.test';
    await createSuperadmin(email, 'clave-buena');
    await t.database.query(
      `insert into login_attempts (key, failures, last_failure_at, locked_until) values ($1, 10, now(), now() + interval '15 minutes')`,
      [`email:${email}`],
    );
    expect((await login({ email, password: 'clave-buena', ...(await knownCaptcha()) })).statusCode).toBe(401);
    await t.database.query(
      `update login_attempts set locked_until = now() - interval '1 second', last_failure_at = now() - interval '15 minutes' where key = $1`,
      [`email:${email}`],
    );
    expect((await login({ email, password: 'clave-buena' })).statusCode).toBe(200);

    const ghost = 'fantasma@portales.test';
    for (let i = 0; i < t.config.loginLockAfterFailures; i += 1) await guessAfterDelay(ghost, 'x');
    expect((await guessAfterDelay(ghost, 'x')).json().error.code).toBe('InvalidCredentials');
    await settleBackgroundTasks(t.app);
    expect(mailsTo(t.mailDir, ghost)).toHaveLength(0);
  });
});

describe('client address (TRUST_PROXY unset)', () => {
  it('ignores X-Forwarded-For for the sign-in throttle and the audit trail', async () => {
    const socket = '10.210.0.1';
    for (const [i, email] of ['x1@portales.test', 'x2@portales.test', 'x3@portales.test'].entries()) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/`,
        payload: { email, password: 'x' },
        remoteAddress: socket,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      expect(response.statusCode).toBe(401);
    }
    const fourth = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/`,
      payload: ADMIN,
      remoteAddress: socket,
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(fourth.json().error.code).toBe('CaptchaRequired');
    const addresses = await t.database.query<{ address: string }>(
      `select host(client_address) as address from audit_log where user_email = any($1::text[])`,
      [['x1@portales.test', 'x2@portales.test', 'x3@portales.test']],
    );
    expect(addresses.map((row) => row.address)).toEqual([socket, socket, socket]);
  });

  it('a malformed X-Forwarded-For changes nothing: normal answers and audit rows', async () => {
    for (const header of ['999.1.1.1', 'garbage, , ;;', '::zz']) {
      const failed = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/`,
        payload: { email: ADMIN.email, password: 'mala' },
        remoteAddress: '10.211.0.1',
        headers: { 'x-forwarded-for': header },
      });
      expect(failed.statusCode, header).toBe(401);
      const ok = await t.app.inject({
        method: 'POST',
        url: `${API}/auth/`,
        payload: ADMIN,
        remoteAddress: '10.211.0.2',
        headers: { 'x-forwarded-for': header },
      });
      expect(ok.statusCode, header).toBe(200);
    }
    const rows = await t.database.query<{ action: string; address: string }>(
      `select action, host(client_address) as address from audit_log
        where client_address in ('10.211.0.1', '10.211.0.2') order by id`,
    );
    expect(rows.map((row) => `${row.action} ${row.address}`)).toEqual(
      Array(3).fill(['login_failed 10.211.0.1', 'login 10.211.0.2']).flat(),
    );
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

  it('is the engine list: meta.total counts the query over every page, filters and paging as every list', async () => {
    const token = await t.tokenFor(['Sites']);
    const get = async (query: string) => (await t.app.inject({ method: 'GET', url: `${API}/permissions?${query}`, headers: bearer(token) })).json();
    const page = await get('page=2&pageSize=4');
    expect(page.results.map((p: { permissionID: number }) => p.permissionID)).toEqual(PERMISSIONS.slice(4, 8).map((p) => p.permissionID));
    expect(page.meta).toEqual({ hasNextPage: true, total: 9 });
    const two = PERMISSIONS.slice(0, 2).map((p) => p.name);
    expect((await get(two.map((name) => `name=${encodeURIComponent(name)}`).join('&'))).meta).toEqual({ hasNextPage: false, total: 2 });
    const refused = await t.app.inject({ method: 'POST', url: `${API}/permissions`, headers: bearer(await t.tokenFor(['Users'])), payload: { name: 'Nuevo' } });
    expect(refused.statusCode).toBe(404);
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
