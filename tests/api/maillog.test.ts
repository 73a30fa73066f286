/**
 * The mail log (docs/services.md 'Mail log'): every mail the platform sends is recorded; temporary SMTP failures
 * are retried with backoff, permanent ones fail at once; two processors never send one message twice; GET /maillog/
 * lists it with filters for Settings holders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES } from '../../resources/maillog';
import { PERMISSIONS } from '../../resources/permissions';
import { hashCaptchaAnswer } from '../../server/auth/captcha';
import { hashPassword } from '../../server/auth/passwords';
import { settleBackgroundTasks } from '../../server/http/background';
import { createMailer, type Mailer, type MailMessage } from '../../server/mail/mailer';
import { processDueMail, queueMail, sendLogged, type MailLogContext } from '../../server/mail/mailLog';
import { startFakeSmtp, type FakeSmtp } from '../helpers/fakeSmtp';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { mailsTo } from './mailbox';

const API = '/api/v1';
let t: TestApp;
let smtp: FakeSmtp;
let settingsToken: string;
let ipCounter = 0;

/** Far enough ahead that every backoff has passed: tests move the clock instead of waiting. */
const LATER = () => new Date(Date.now() + 24 * 3600 * 1000);

interface Row {
  id: number;
  recipient: string;
  template: string;
  subject: string;
  state: string;
  attempts: number;
  last_error: string | null;
  related_resource: string | null;
  related_id: string | null;
  created_by: number | null;
  sent_at: Date | null;
  text_body: string | null;
  next_attempt_at: Date;
}

const rowsTo = (email: string) =>
  t.database.query<Row>('select * from mail_log where lower(recipient) = lower($1) order by id', [email]);
const rowById = async (id: number) => (await t.database.query<Row>('select * from mail_log where id = $1', [id]))[0]!;

/** The log over the fake SMTP server, with the test app's database and the given retry settings. */
function smtpContext(overrides: Partial<MailLogContext['config']> = {}, mailer?: Mailer): MailLogContext {
  return {
    database: t.database,
    mailer: mailer ?? createMailer({ smtpUrl: smtp.url, from: 'Portales <no-responder@portales.test>', mailDir: t.mailDir, log: () => {} }),
    config: { mailMaxAttempts: 5, mailRetryBaseMs: 60_000, mailRetryMaxMs: 3_600_000, mailLeaseMs: 600_000, ...overrides },
  };
}

const mail = (to: string, template = 'test.notice') => ({ to, template, subject: 'Aviso de prueba', text: 'Texto del aviso' });

const deliveredTo = (address: string) => smtp.delivered.filter((m) => m.to.includes(address));

/** A wrong guess with a solved captcha, once the account's delay is moved back (time passing, without sleeping). */
async function wrongGuess(email: string) {
  ipCounter += 1;
  const captchaId = `correo-${ipCounter}`;
  await t.database.query(`insert into captchas (id, answer_hash, expires_at) values ($1, $2, now() + interval '5 minutes')`, [
    captchaId,
    hashCaptchaAnswer('k7PQz'),
  ]);
  await t.database.query(`update login_attempts set next_allowed_at = null where key = $1`, [`email:${email}`]);
  return t.app.inject({
    method: 'POST',
    url: `${API}/auth/`,
    payload: { email, password: 'clave-mala', captchaId, captcha: 'k7PQz' },
    remoteAddress: `10.9.0.${ipCounter}`,
  });
}

const list = (query: string, token = settingsToken) =>
  t.app.inject({ method: 'GET', url: `${API}/maillog/${query}`, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  smtp = await startFakeSmtp();
  settingsToken = await t.tokenFor(['Settings'], 'configuracion@portales.test');
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

describe('every existing mail goes through the log', () => {
  const allPermissions = PERMISSIONS.map((p) => ({ permissionID: p.permissionID, name: p.name }));
  let managerToken: string;
  let managerId: number;

  beforeAll(async () => {
    managerToken = await t.tokenFor(PERMISSIONS.map((p) => p.name), 'gestor-correos@portales.test');
    managerId = (await t.database.query<{ id: number }>(`select id from users where email = 'gestor-correos@portales.test'`))[0]!.id;
  });

  it('invitation and e-mail change notice: logged as sent, related to the superadmin, by the actor, without body', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/users/`,
      headers: bearer(managerToken),
      payload: { name: 'Invitada Correo', email: 'invitada@portales.test', permissions: allPermissions.slice(0, 1) },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const [invitation] = await rowsTo('invitada@portales.test');
    expect(invitation).toMatchObject({
      template: MAIL_TEMPLATES.invitation,
      subject: mailsTo(t.mailDir, 'invitada@portales.test')[0]!.subject,
      state: 'sent',
      attempts: 1,
      related_resource: 'superadmins',
      related_id: String(id),
      created_by: managerId,
      text_body: null,
      last_error: null,
    });
    expect(invitation!.sent_at).toBeInstanceOf(Date);

    const moved = await t.app.inject({
      method: 'PUT',
      url: `${API}/users/${id}`,
      headers: bearer(managerToken),
      payload: { name: 'Invitada Correo', email: 'invitada-nueva@portales.test', permissions: allPermissions.slice(0, 1) },
    });
    expect(moved.statusCode).toBe(200);
    const notices = await rowsTo('invitada@portales.test');
    expect(notices).toHaveLength(2);
    expect(notices[1]).toMatchObject({ template: MAIL_TEMPLATES.emailChanged, state: 'sent', related_id: String(id), created_by: managerId });
  });

  it('recovery link and lock notice: logged as sent, related to the account, by nobody', async () => {
    const email = 'bloqueo-correo@portales.test';
    await t.database.query(`insert into users (user_type_id, name, email, password_hash) values (2, 'Persona bloqueada', $1, $2)`, [
      email,
      await hashPassword('clave-buena-1'),
    ]);
    const id = (await t.database.query<{ id: number }>('select id from users where email = $1', [email]))[0]!.id;

    await t.app.inject({ method: 'POST', url: `${API}/users/passwordreset/`, payload: { email } });
    await settleBackgroundTasks(t.app);
    for (let i = 0; i < t.config.loginLockAfterFailures; i += 1) expect((await wrongGuess(email)).statusCode).toBe(401);
    await settleBackgroundTasks(t.app);

    const rows = await rowsTo(email);
    expect(rows.map((row) => row.template)).toEqual([MAIL_TEMPLATES.recovery, MAIL_TEMPLATES.lock]);
    for (const row of rows) {
      expect(row).toMatchObject({ state: 'sent', related_resource: 'superadmins', related_id: String(id), created_by: null });
    }
    // The mails themselves are unchanged: the recovery link and the lock notice reached the mailbox.
    expect(mailsTo(t.mailDir, email).map((m) => m.subject)).toEqual(rows.map((row) => row.subject));
  });
});

describe('sending through SMTP', () => {
  it('a temporary refusal (421) is retried with backoff and then sent: attempts 2, delivered once', async () => {
    const ctx = smtpContext();
    smtp.refuseNext(421);
    const first = await sendLogged(ctx, mail('temporal@portales.test'));
    expect(first).toMatchObject({ state: 'retrying', attempts: 1 });
    const waiting = await rowById(first.id);
    expect(waiting.last_error).toContain('421');
    expect(waiting.text_body).toBe('Texto del aviso');
    // Not due yet: the backoff holds it.
    expect(await processDueMail(ctx)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(deliveredTo('temporal@portales.test')).toHaveLength(0);

    expect(await processDueMail(ctx, { now: LATER() })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await rowById(first.id)).toMatchObject({ state: 'sent', attempts: 2, text_body: null });
    expect(deliveredTo('temporal@portales.test')).toHaveLength(1);
    expect(deliveredTo('temporal@portales.test')[0]!.raw).toContain('Texto del aviso');
    expect(await processDueMail(ctx, { now: LATER() })).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('waits longer after each temporary failure (exponential backoff)', async () => {
    const ctx = smtpContext({ mailRetryBaseMs: 60_000 });
    smtp.refuseNext(421, 2);
    const { id } = await sendLogged(ctx, mail('espera@portales.test'));
    const firstWait = (await rowById(id)).next_attempt_at.getTime() - Date.now();
    await processDueMail(ctx, { now: LATER() });
    const secondWait = (await rowById(id)).next_attempt_at.getTime() - Date.now();
    expect(firstWait).toBeGreaterThan(30_000);
    expect(firstWait).toBeLessThanOrEqual(60_000);
    expect(secondWait).toBeGreaterThan(90_000);
    expect(secondWait).toBeLessThanOrEqual(120_000);
    smtp.acceptAll();
  });

  it('a permanent refusal (550) fails at once with its error, and is never retried', async () => {
    const ctx = smtpContext();
    smtp.refuseNext(550);
    const outcome = await sendLogged(ctx, mail('inexistente@portales.test'));
    expect(outcome).toMatchObject({ state: 'failed', attempts: 1 });
    expect(await processDueMail(ctx, { now: LATER() })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const row = await rowById(outcome.id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, text_body: null });
    expect(row.last_error).toMatch(/^El servidor de correo rechazó el mensaje: .*550/);
    expect(deliveredTo('inexistente@portales.test')).toHaveLength(0);
  });

  it('gives up after MAIL_MAX_ATTEMPTS temporary failures, saying so', async () => {
    const ctx = smtpContext({ mailMaxAttempts: 2 });
    smtp.refuseNext(421, 2);
    const { id } = await sendLogged(ctx, mail('siempre-ocupado@portales.test'));
    expect(await processDueMail(ctx, { now: LATER() })).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const row = await rowById(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 2, text_body: null });
    expect(row.last_error).toMatch(/^Se agotaron los 2 intentos de envío/);
    expect(await processDueMail(ctx, { now: LATER() })).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('an unreachable server is a temporary failure', async () => {
    const ctx = smtpContext({}, createMailer({ smtpUrl: 'smtp://127.0.0.1:1?ignoreTLS=true', from: 'x@portales.test', mailDir: t.mailDir, log: () => {} }));
    const outcome = await sendLogged(ctx, mail('sin-servidor@portales.test'));
    expect(outcome.state).toBe('retrying');
    expect((await rowById(outcome.id)).last_error).toMatch(/^No fue posible conectar con el servidor de correo/);
  });
});

describe('the processor', () => {
  /** A mailer that counts deliveries per recipient and yields between messages, so two processors interleave. */
  function countingMailer() {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      async send(message) {
        await new Promise((resolve) => setImmediate(resolve));
        sent.push(message);
      },
    };
    return { sent, mailer };
  }

  it('two processors running at once send each queued message exactly once', async () => {
    await t.database.query(`update mail_log set state = 'failed' where state in ('queued', 'retrying', 'sending')`);
    const { sent, mailer } = countingMailer();
    const ctx = smtpContext({}, mailer);
    const addresses = Array.from({ length: 16 }, (_, i) => `lote${i}@portales.test`);
    for (const address of addresses) await queueMail(t.database.db, mail(address, 'test.batch'));
    const [a, b] = await Promise.all([processDueMail(ctx), processDueMail({ ...ctx })]);
    expect(a.sent + b.sent).toBe(addresses.length);
    expect(sent.map((m) => m.to).sort()).toEqual([...addresses].sort());
    const rows = await t.database.query<Row>(`select * from mail_log where template = 'test.batch'`);
    expect(rows.every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('leaves a message being sent alone while its lease lasts, and takes it over once it has run out', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { sent, mailer } = countingMailer();
    const slow: Mailer = { send: async (message) => (await held, mailer.send(message)) };
    const sending = sendLogged(smtpContext({}, slow), mail('en-curso@portales.test'));
    // While the first attempt is under way, another processor finds nothing due.
    while ((await t.database.query(`select 1 from mail_log where recipient = 'en-curso@portales.test'`)).length === 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await processDueMail(smtpContext({}, mailer))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    release();
    expect((await sending).state).toBe('sent');
    expect(sent.filter((m) => m.to === 'en-curso@portales.test')).toHaveLength(1);

    // A sender that died mid-send: once its lease passes, another processor sends it (attempt 2).
    const id = await queueMail(t.database.db, mail('huerfano@portales.test'));
    await t.database.query(
      `update mail_log set state = 'sending', attempts = 1, locked_until = now() - interval '1 second' where id = $1`,
      [id],
    );
    expect(await processDueMail(smtpContext({}, mailer))).toMatchObject({ sent: 1 });
    expect(await rowById(id)).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('queueMail in a transaction: the message exists only if it commits', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await queueMail(tx, mail('revertido@portales.test'));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await t.database.db.transaction(async (tx) => {
      await queueMail(tx, mail('confirmado@portales.test'));
    });
    expect(await rowsTo('revertido@portales.test')).toHaveLength(0);
    expect(await rowsTo('confirmado@portales.test')).toMatchObject([{ state: 'queued', attempts: 0 }]);
    const { sent, mailer } = countingMailer();
    await processDueMail(smtpContext({}, mailer));
    expect(sent.map((m) => m.to)).toContain('confirmado@portales.test');
    expect(await rowsTo('confirmado@portales.test')).toMatchObject([{ state: 'sent', attempts: 1 }]);
  });
});

describe('GET /maillog/', () => {
  beforeAll(async () => {
    const ctx = smtpContext();
    await sendLogged(ctx, { ...mail('listado-uno@portales.test', 'test.list'), related: { resource: 'massiveemail', id: 7 } });
    smtp.refuseNext(550);
    await sendLogged(ctx, { ...mail('listado-dos@portales.test', 'test.list'), related: { resource: 'massiveemail', id: 8 } });
    await queueMail(t.database.db, mail('Listado-Tres@Portales.test', 'test.other'));
  });

  it('lists newest first with the report fields and never the body', async () => {
    const response = await list('?template=test.list');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ hasNextPage: false });
    expect(body.results.map((r: { to: string }) => r.to)).toEqual(['listado-dos@portales.test', 'listado-uno@portales.test']);
    expect(body.results[0]).toMatchObject({
      template: 'test.list',
      subject: 'Aviso de prueba',
      relatedResource: 'massiveemail',
      relatedId: '8',
      state: 'failed',
      attempts: 1,
      sentAt: null,
      createdBy: null,
    });
    expect(body.results[0].lastError).toContain('550');
    // Served by the engine (the declaration resources/maillog.ts): ids are numbers, dates ISO text.
    expect(typeof body.results[0].id).toBe('number');
    expect(body.results[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(body.results[1]).toMatchObject({ state: 'sent', lastError: null });
    expect(typeof body.results[1].sentAt).toBe('string');
    expect(Object.keys(body.results[0]).sort()).toEqual(
      ['attempts', 'createdAt', 'createdBy', 'id', 'lastError', 'nextAttemptAt', 'relatedId', 'relatedResource', 'sentAt', 'state', 'subject', 'template', 'to'].sort(),
    );
  });

  it('filters by state, recipient (any case, any part), related record and date range; pages', async () => {
    const ids = async (query: string) => ((await list(query)).json().results as Array<{ to: string }>).map((r) => r.to);
    expect(await ids('?template=test.list&state=failed')).toEqual(['listado-dos@portales.test']);
    expect(await ids('?recipient=LISTADO-TRES')).toEqual(['Listado-Tres@Portales.test']);
    expect(await ids('?recipient=%25')).toEqual([]);
    expect(await ids('?relatedResource=massiveemail&relatedId=7')).toEqual(['listado-uno@portales.test']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`?template=test.list&from=${today}&to=${today}`)).toHaveLength(2);
    expect(await ids('?template=test.list&to=2000-01-01')).toEqual([]);
    const page = (await list('?template=test.list&page=1&pageSize=1')).json();
    expect(page.meta).toEqual({ hasNextPage: true });
    expect(page.results).toHaveLength(1);
  });

  it('refuses bad filters with a Spanish 400', async () => {
    const badState = await list('?state=perdido');
    expect(badState.statusCode).toBe(400);
    expect(badState.json().error.details).toEqual([expect.objectContaining({ target: 'state', message: 'El valor no es válido' })]);
    const badDate = await list('?from=2024-02-30');
    expect(badDate.statusCode).toBe(400);
    expect(JSON.stringify(badDate.json().error)).toContain('La fecha no es válida');
    expect((await list('?relatedId=abc')).statusCode).toBe(400);
    expect((await list('?relatedId=2147483648')).statusCode).toBe(400);
  });

  it('needs Settings: 401 without a token, 403 with Reports only', async () => {
    expect((await list('', '')).statusCode).toBe(401);
    const reports = await list('', await t.tokenFor(['Reports'], 'reportes-correos@portales.test'));
    expect(reports.statusCode).toBe(403);
    expect(reports.json().error.message).toBe('Lo sentimos, no tienes permisos para ejecutar esta acción.');
  });
});
