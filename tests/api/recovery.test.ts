/** Password recovery (spec 01 §2 'Login and recovery', §5, §8 'Recovery'). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { settleBackgroundTasks } from '../../server/http/background';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { linkToken, mailsTo, readMailbox } from './mailbox';

const API = '/api/v1';
const SENT = 'Se ha enviado una url a tu correo electrónico para que puedas ingresar a cambiar tu contraseña.';
let t: TestApp;
let ipCounter = 0;

function login(email: string, password: string) {
  ipCounter += 1;
  return t.app.inject({ method: 'POST', url: `${API}/auth/`, payload: { email, password }, remoteAddress: `10.2.0.${ipCounter}` });
}

const postReset = (payload: unknown) => t.app.inject({ method: 'POST', url: `${API}/users/passwordreset/`, payload: payload as object });
/** Requests a link and waits for the work done after the answer (lookup, link, mail). */
async function requestReset(payload: unknown) {
  const response = await postReset(payload);
  await settleBackgroundTasks(t.app);
  return response;
}
const checkToken = (token: string) => t.app.inject({ method: 'GET', url: `${API}/users/passwordreset/${token}` });
const setPassword = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `${API}/users/passwordreset/${token}`, payload });

async function createSuperadmin(email: string, password: string, deleted = false) {
  await t.database.query(
    `insert into users (user_type_id, name, email, password_hash, deleted) values (2, $1, $2, $3, $4)`,
    [`Persona ${email}`, email, await hashPassword(password), deleted],
  );
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(async () => {
  await t?.close();
});

describe('password recovery', () => {
  it('mails a link that validates, sets the new password once and ends the open sessions', async () => {
    const email = 'olvido@portales.test';
    await createSuperadmin(email, 'clave-vieja');
    const oldSession = (await login(email, 'clave-vieja')).json().token as string;

    const request = await requestReset({ email: 'Olvido@Portales.test' });
    expect(request.statusCode).toBe(200);
    expect(request.json()).toEqual({ message: SENT });

    const mails = mailsTo(t.mailDir, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Recupera tu contraseña');
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/recordar-clave/`);
    const token = linkToken(mails[0]!);
    const stored = await t.database.query<{ token_hash: string }>('select token_hash from password_resets');
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const check = await checkToken(token);
    expect(check.statusCode).toBe(200);
    // An account with a password: a recovery link, not an invitation.
    expect(check.json()).toEqual({ valid: true, email, invitation: false });

    const empty = await setPassword(token, {});
    expect(empty.json().error.details).toEqual([
      expect.objectContaining({ target: 'password', message: 'Debes por lo menos 6 caracteres' }),
      expect.objectContaining({ target: 'confirmPassword', message: 'Las contraseñas no coinciden' }),
    ]);
    const short = await setPassword(token, { password: '12345', confirmPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details).toEqual([expect.objectContaining({ target: 'password', message: 'Debes por lo menos 6 caracteres' })]);
    const tooLong = await setPassword(token, { password: 'x'.repeat(51), confirmPassword: 'x'.repeat(51) });
    expect(tooLong.json().error.details[0]).toMatchObject({ target: 'password', message: 'Debes por lo menos 6 caracteres' });
    const mismatch = await setPassword(token, { password: 'clave-nueva', confirmPassword: 'clave-otra' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.details).toEqual([
      expect.objectContaining({ target: 'confirmPassword', message: 'Las contraseñas no coinciden' }),
    ]);

    const saved = await setPassword(token, { password: 'clave-nueva', confirmPassword: 'clave-nueva' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: 'Tu nueva contraseña ha sido guardada' });

    expect((await login(email, 'clave-nueva')).statusCode).toBe(200);
    expect((await login(email, 'clave-vieja')).statusCode).toBe(401);
    const old = await t.app.inject({ method: 'GET', url: `${API}/auth/`, headers: bearer(oldSession) });
    expect(old.statusCode).toBe(401);
    expect(old.headers['x-invalid-token']).toBe('true');

    const reusedCheck = await checkToken(token);
    expect(reusedCheck.statusCode).toBe(404);
    expect(reusedCheck.json().error.message).toBe('Lo sentimos, este recurso ya no esta disponible.');
    expect((await setPassword(token, { password: 'otra-clave', confirmPassword: 'otra-clave' })).statusCode).toBe(404);

    const audit = await t.database.query<{ after: unknown; before: unknown }>(
      `select before, after from audit_log where action = 'password_reset' and user_email = $1`,
      [email],
    );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toMatch(/clave-nueva|argon2/);
  });

  it('answers the same for an unknown or inactive e-mail and sends nothing', async () => {
    await createSuperadmin('retirada@portales.test', 'clave-1', true);
    const before = readMailbox(t.mailDir).length;
    for (const email of ['nadie@portales.test', 'retirada@portales.test']) {
      const response = await requestReset({ email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: SENT });
    }
    expect(readMailbox(t.mailDir).length).toBe(before);
  });

  it('answers before looking the e-mail up, so a known and an unknown address take the same path', async () => {
    const known = 'conocida@portales.test';
    await createSuperadmin(known, 'clave-1');
    const database = t.database;
    const query = database.query;
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const lookups: string[] = [];
    // Any query about one of the two addresses waits at the closed gate: an answer that needed one could
    // never arrive (the old handler looked the address up and mailed before answering, and hung here).
    database.query = (async (text: string, params?: unknown[]) => {
      const address = params?.find((param) => typeof param === 'string' && /^(des)?conocida@portales\.test$/i.test(param));
      if (address) {
        lookups.push(String(address));
        await gate;
      }
      return query.call(database, text, params);
    }) as typeof query;
    try {
      for (const email of [known, 'desconocida@portales.test']) {
        const response = await postReset({ email });
        expect(response.statusCode, email).toBe(200);
        expect(response.json()).toEqual({ message: SENT });
      }
      expect(mailsTo(t.mailDir, known)).toHaveLength(0);
    } finally {
      openGate();
      database.query = query;
    }
    await settleBackgroundTasks(t.app);
    // Both were looked up, after their answers.
    expect(lookups.map((email) => email.toLowerCase())).toEqual(expect.arrayContaining([known, 'desconocida@portales.test']));
    expect(mailsTo(t.mailDir, known)).toHaveLength(1);
    expect(mailsTo(t.mailDir, 'desconocida@portales.test')).toHaveLength(0);
  });

  it('a failing mailer is logged after the answer, never turned into an error', async () => {
    const email = 'correo-roto@portales.test';
    await createSuperadmin(email, 'clave-1');
    const mailer = t.context.mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('SMTP caído');
    };
    try {
      const response = await requestReset({ email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: SENT });
    } finally {
      mailer.send = send;
    }
  });

  it('refuses an invalid e-mail with the spec message', async () => {
    for (const payload of [{}, { email: 'no-es-correo' }, { email: '' }]) {
      const response = await requestReset(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual([
        expect.objectContaining({ target: 'email', message: 'Debes ingresar un correo electrónico válido' }),
      ]);
    }
  });

  it('a new request cancels the previous link; an expired or unknown link is not found', async () => {
    const email = 'dos-veces@portales.test';
    await createSuperadmin(email, 'clave-1');
    await requestReset({ email });
    await requestReset({ email });
    const [first, second] = mailsTo(t.mailDir, email).map(linkToken);
    expect(first).not.toBe(second);
    expect((await checkToken(first!)).statusCode).toBe(404);
    expect((await checkToken(second!)).statusCode).toBe(200);

    await t.database.query(`update password_resets set expires_at = now() - interval '1 minute' where used_at is null`);
    expect((await checkToken(second!)).statusCode).toBe(404);
    expect((await setPassword(second!, { password: 'clave-nueva', confirmPassword: 'clave-nueva' })).statusCode).toBe(404);
    expect((await checkToken('token-que-no-existe')).statusCode).toBe(404);
  });

  it('stores the link with the configured lifetime', async () => {
    const email = 'vida@portales.test';
    await createSuperadmin(email, 'clave-1');
    await requestReset({ email });
    const [row] = await t.database.query<{ minutes: number }>(
      `select extract(epoch from (expires_at - created_at)) / 60 as minutes from password_resets pr
         join users u on u.id = pr.user_id where u.email = $1`,
      [email],
    );
    expect(Math.round(Number(row!.minutes))).toBe(t.config.passwordResetTtlMinutes);
  });
});
