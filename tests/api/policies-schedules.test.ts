/**
 * Policy version histories, the administrators' update schedule and its reminders, and the e-mail notification report
 * (spec 03 §4, §5, §7; resources/policyHistories.ts, resources/updateSchedules.ts, server/users/updateReminders.ts,
 * resources/maillog.ts `exports`): the 30 MB policy file, the histories' date rules with an injected clock across days,
 * the current versions for portals, the schedule's messages and duplicate rule (also under concurrency), the reminders'
 * e-mails in the mail log once per period, and the streamed report. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../server/jobs';
import { issuePortalKey } from '../../server/portal/keys';
import { enqueueUpdateReminders } from '../../server/users/updateReminders';
import { multipart } from '../helpers/multipart';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1';
let t: TestApp;
let settings: string;
let sitesOnly: string;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const MB = 1024 * 1024;

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url: `${API}${url}`, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const upload = (name: string, content: Buffer, token = settings) => {
  const body = multipart(name, content);
  return t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=policyFile`, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
};
const errorOf = (response: { json(): unknown }) => (response.json() as { error: { code: string; message: string; details: { target: string; message: string; value?: string }[] } }).error;
const detailsOf = (response: { json(): unknown }) => Object.fromEntries(errorOf(response).details.map((detail) => [detail.target, detail.message]));
const setClock = (instant: string) => {
  t.context.clock = () => new Date(instant);
};

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  settings = await t.tokenFor(['Settings']);
  sitesOnly = await t.tokenFor(['Sites', 'Reports']);
});
afterAll(async () => {
  delete t?.context.clock;
  await t?.close();
});

describe('policy files (spec 03 §5: 30 MB, doc txt xls xlsx docx pdf zip rar)', () => {
  it('takes a file of exactly 30 MB, refuses one byte more with 413, other types by content, and other areas', async () => {
    const exact = Buffer.concat([pdf, Buffer.alloc(30 * MB - pdf.length)]);
    expect((await upload('politica.pdf', exact)).statusCode).toBe(201);
    const over = await upload('politica.pdf', Buffer.concat([exact, Buffer.alloc(1)]));
    expect(over.statusCode).toBe(413);
    expect(errorOf(over).message).toBe('Sube archivos de menos de 30 Mb');
    expect((await upload('politica.png', pdf)).statusCode).toBe(400);
    expect((await upload('politica.pdf', Buffer.from('MZ\0\0PE\0\0'))).statusCode).toBe(400);
    expect((await upload('politica.pdf', pdf, sitesOnly)).statusCode).toBe(403);
  });
});

async function policyFile(): Promise<string> {
  const response = await upload('politica.pdf', pdf);
  expect(response.statusCode).toBe(201);
  return response.json().fileID as string;
}
const version = async (identifier: string, publicationDate: string, overrides: Record<string, unknown> = {}) => ({
  identifier,
  description: `Versión ${identifier}`,
  file: await policyFile(),
  publicationDate,
  ...overrides,
});
const readHistory = async (path: string) =>
  ((await send('GET', `${path}?pageSize=100`, settings)).json().results as { id: number; identifier: string; publicationDate: string; updateDate: string; endDate: string | null }[]).reverse();

describe('policy histories: fields (spec 03 §5)', () => {
  it.each([
    ['no identifier', { identifier: '' }, 'identifier', 'Este campo es obligatorio'],
    ['an identifier of 41', { identifier: 'x'.repeat(41) }, 'identifier', undefined],
    ['a description of 151', { description: 'd'.repeat(151) }, 'description', undefined],
    ['no description', { description: '' }, 'description', 'Este campo es obligatorio'],
    ['no file', { file: null }, 'file', undefined],
    ['a file that does not exist', { file: '00000000-0000-4000-8000-000000000000' }, 'file', undefined],
    ['no publication date', { publicationDate: null }, 'publicationDate', undefined],
    ['a date that is not a day', { publicationDate: '2026-02-30' }, 'publicationDate', undefined],
  ])('%s is refused under its field', async (_case, overrides, target, message) => {
    setClock('2026-05-10T15:00:00Z');
    const response = await send('POST', '/historytermscondition', settings, await version('T-campos', '2026-05-01', overrides));
    expect(response.statusCode).toBe(400);
    const details = detailsOf(response);
    expect(Object.keys(details)).toContain(target);
    if (message) expect(details[target]).toBe(message);
  });

  it('needs Settings', async () => {
    expect((await send('GET', '/dataprocessinghistories/', sitesOnly)).statusCode).toBe(403);
    expect((await send('POST', '/historytermscondition', null, {})).statusCode).toBe(401);
  });
});

describe('policy histories: the date rules with an injected clock (spec 03 §4)', () => {
  const path = '/dataprocessinghistories/';

  it('a first version opens Vigente, updated today; one after today is refused with the addition message', async () => {
    setClock('2026-05-10T15:00:00Z');
    const future = await send('POST', path, settings, await version('P-futura', '2026-05-11'));
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).message).toBe('Corrige el registro antes de agregar más.');
    expect(detailsOf(future).publicationDate).toBe('La fecha de publicación no puede ser posterior a hoy');
    // At 23:30 in Colombia it is still the 10th (04:30 UTC on the 11th): the 11th is still the future.
    setClock('2026-05-11T04:30:00Z');
    expect((await send('POST', path, settings, await version('P-futura', '2026-05-11'))).statusCode).toBe(400);
    setClock('2026-05-10T15:00:00Z');
    const first = await send('POST', path, settings, await version('P-1', '2026-05-01'));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ identifier: 'P-1', publicationDate: '2026-05-01', updateDate: '2026-05-10', endDate: null });
    const duplicate = await send('POST', path, settings, await version('p-1', '2026-05-02'));
    expect(duplicate.statusCode).toBe(400);
    expect(Object.keys(detailsOf(duplicate))).toContain('identifier');
  });

  it('adding a version closes the previous one today; one before the previous is refused', async () => {
    setClock('2026-05-20T15:00:00Z');
    const before = await send('POST', path, settings, await version('P-antes', '2026-04-30'));
    expect(before.statusCode).toBe(400);
    expect(detailsOf(before).publicationDate).toBe('La fecha de publicación no puede ser anterior a la de la versión anterior');
    expect((await send('POST', path, settings, await version('P-2', '2026-05-15'))).statusCode).toBe(201);
    const history = await readHistory(path);
    expect(history.map((row) => [row.identifier, row.publicationDate, row.updateDate, row.endDate])).toEqual([
      ['P-1', '2026-05-01', '2026-05-10', '2026-05-20'],
      ['P-2', '2026-05-15', '2026-05-20', null],
    ]);
  });

  it('editing the current version the next day: its update date is today, the previous closes the day before', async () => {
    setClock('2026-05-22T15:00:00Z');
    const [p1, p2] = await readHistory(path);
    const stored = (await send('GET', `${path}${p2!.id}`, settings)).json();
    // The form sends the whole record.
    const edit = (id: number, changes: Record<string, unknown>) =>
      send('PUT', `${path}${id}`, settings, { identifier: stored.identifier, description: stored.description, file: stored.file.fileID, publicationDate: stored.publicationDate, ...changes });
    const future = await edit(p2!.id, { publicationDate: '2026-05-23' });
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).message).toBe('Corrige la información antes de guardar.');
    expect(detailsOf(future).publicationDate).toBe('La fecha de publicación no puede ser posterior a hoy');
    const tooEarly = await edit(p2!.id, { publicationDate: '2026-04-01' });
    expect(detailsOf(tooEarly).publicationDate).toBe('La fecha de publicación no puede ser anterior a la de la versión anterior');
    const moved = await edit(p2!.id, { publicationDate: '2026-05-12' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ publicationDate: '2026-05-12', updateDate: '2026-05-22', endDate: null });
    // Another field alone changes none of the dates.
    setClock('2026-05-25T15:00:00Z');
    expect((await edit(p2!.id, { publicationDate: '2026-05-12', description: 'Texto corregido' })).json()).toMatchObject({ description: 'Texto corregido', updateDate: '2026-05-22' });
    expect((await readHistory(path)).map((row) => row.endDate)).toEqual(['2026-05-11', null]);
    // A closed version is not edited.
    const closed = await edit(p1!.id, { identifier: 'P-1', description: 'Otra', publicationDate: '2026-05-01' });
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed).message).toBe('Solo se puede modificar la versión vigente.');
    expect((await send('DELETE', `${path}${p2!.id}`, settings)).statusCode).toBe(404);
  });

  it('two simultaneous additions leave one open version', async () => {
    setClock('2026-05-25T15:00:00Z');
    const bodies = await Promise.all([version('P-3a', '2026-05-24'), version('P-3b', '2026-05-24')]);
    const answers = await Promise.all(bodies.map((body) => send('POST', path, settings, body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201]);
    const open = (await readHistory(path)).filter((row) => row.endDate === null);
    expect(open).toHaveLength(1);
  });

  it('GET /dataprocessinghistories/GetExternal answers both current versions without a session, and the delivery answer too', async () => {
    setClock('2026-05-25T15:00:00Z');
    expect((await send('POST', '/historytermscondition', settings, await version('T-1', '2026-05-20'))).statusCode).toBe(201);
    const external = await send('GET', '/dataprocessinghistories/GetExternal', null);
    expect(external.statusCode).toBe(200);
    const current = (await readHistory(path)).find((row) => row.endDate === null)!;
    expect(external.json().dataProcessing).toMatchObject({ identifier: current.identifier, publicationDate: '2026-05-24' });
    expect(external.json().dataProcessing.file).toMatchObject({ name: 'politica.pdf' });
    expect(external.json().termsConditions).toMatchObject({ identifier: 'T-1', updateDate: '2026-05-25' });
    // The file is a public document: a portal downloads it without a session.
    expect((await t.app.inject({ method: 'GET', url: external.json().dataProcessing.file.filePath })).statusCode).toBe(200);

    const [site] = await t.database.query<{ id: number; alias: string }>('select id, alias from sites where not is_deleted order by id limit 1');
    const key = await t.database.db.transaction((tx) => issuePortalKey(tx, site!.id));
    const delivery = await t.app.inject({ method: 'GET', url: `${API}/delivery/${site!.alias}`, headers: { authorization: `Portal ${key!.key}` } });
    expect(delivery.statusCode).toBe(200);
    expect(delivery.json().dataProcessingPolicy).toEqual([expect.objectContaining({ identifier: current.identifier })]);
    expect(delivery.json().termsConditionsPolicy).toEqual([expect.objectContaining({ identifier: 'T-1' })]);
  });
});

describe('update schedule (spec 03 §4, §5: days ≥ 30 or a date; a configuration once)', () => {
  let department: number;
  let municipality: number;
  let siteTypes: number[];
  const post = (body: Record<string, unknown>) => send('POST', '/settingupdateadministrators/post', settings, body);

  beforeAll(async () => {
    const [row] = await t.database.query<{ department: number; municipality: number }>(
      'select parent_location_id as department, location_id as municipality from sites where not is_deleted and location_id is not null order by id limit 1',
    );
    department = row!.department;
    municipality = row!.municipality;
    siteTypes = (await t.database.query<{ id: number }>('select id from site_types order by id')).map((type) => type.id);
  });

  it.each([
    ['29 days', { numberDays: 29 }, 'numberDays', 'Los tiempo de actualización no pueden ser inferiores a 30 días'],
    ['no days nor date', { numberDays: '' }, 'numberDays', 'Los tiempo de actualización son obligatorios'],
    ['letters', { numberDays: '3a' }, 'numberDays', 'Los tiempo de actualización contienen caracteres inválidos'],
    ['four digits', { numberDays: 1000 }, 'numberDays', 'Los tiempo de actualización contienen caracteres inválidos'],
    ['by date without a date', { numberDays: 0, schedulingDate: null }, 'schedulingDate', 'Debes registrar una fecha'],
    ['no locations', { locations: [] }, 'locations', 'Debes ingresar un departamento y/o municipio'],
    ['no entity types', { siteTypes: [] }, 'siteTypes', 'Debes seleccionar una o más entidades'],
  ])('%s is refused with the spec message', async (_case, overrides, target, message) => {
    const response = await post({ numberDays: 30, locations: [department], siteTypes: [siteTypes[0]], ...overrides });
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)[target]).toBe(message);
  });

  it('saves by days and by date, refuses the same configuration with its id, and overwrites the days by PUT …/put', async () => {
    const byDays = await post({ numberDays: 30, schedulingDate: '2026-01-01', locations: [department, municipality], siteTypes: [siteTypes[1], siteTypes[0]] });
    expect(byDays.statusCode).toBe(201);
    expect(byDays.json()).toMatchObject({ numberDays: 30, schedulingDate: null });
    const id = byDays.json().id as number;
    const again = await post({ numberDays: 60, locations: [municipality, department], siteTypes: [siteTypes[0], siteTypes[1]] });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('La configuración ingresada ya se encuentra en el sistema');
    expect(errorOf(again).details[0]!.value).toBe(String(id));
    const overwritten = await send('PUT', '/settingupdateadministrators/put', settings, { id, numberDays: 60, locations: [department, municipality], siteTypes: [siteTypes[0], siteTypes[1]] });
    expect(overwritten.statusCode).toBe(200);
    expect(overwritten.json()).toMatchObject({ id, numberDays: 60 });
    const byDate = await post({ numberDays: 0, schedulingDate: '2026-06-01', locations: [department], siteTypes: [siteTypes[0]] });
    expect(byDate.statusCode).toBe(201);
    expect(byDate.json()).toMatchObject({ numberDays: 0, schedulingDate: '2026-06-01' });
    // Changing one configuration into another's sets is the same refusal.
    const clash = await send('PUT', '/settingupdateadministrators/put', settings, { id: byDate.json().id, locations: [department, municipality], siteTypes: [siteTypes[0], siteTypes[1]] });
    expect(clash.statusCode).toBe(409);
    const list = (await send('GET', '/settingupdateadministrators/', settings)).json().results as { id: number }[];
    expect(list.map((row) => row.id).sort()).toEqual([id, byDate.json().id].sort());
    expect((await send('GET', '/settingupdateadministrators/', sitesOnly)).statusCode).toBe(403);
    for (const row of list) expect((await send('DELETE', `/settingupdateadministrators/${row.id}`, settings)).statusCode).toBe(200);
  });

  it('two simultaneous saves of one configuration: one is stored, the other refused', async () => {
    const body = { numberDays: 45, locations: [department], siteTypes: siteTypes.slice(0, 2) };
    const answers = await Promise.all([post(body), post(body), post(body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    await send('DELETE', `/settingupdateadministrators/${answers.find((answer) => answer.statusCode === 201)!.json().id}`, settings);
  });
});

describe('update reminders (the scheduled job, through the mail log)', () => {
  interface Site {
    id: number;
    type: number;
    department: number;
  }
  let site: Site;
  let otherSite: Site;
  const admins: Record<'old' | 'fresh' | 'otherType', { id: number; email: string }> = {} as never;

  async function addAdmin(email: string, daysOld: number, at: Site) {
    const [row] = await t.database.query<{ id: number }>(
      `insert into users (user_type_id, name, email, site_id, created_date, modified_date)
       values (1, $1, $2, $3, now(), $4::timestamptz) returning id`,
      [`Admin ${email}`, email, at.id, new Date(Date.now() - daysOld * 86_400_000).toISOString()],
    );
    return { id: row!.id, email };
  }
  const reminders = () =>
    t.database.query<{ to: string; template: string; subject: string }>(
      "select recipient as to, template, subject from mail_log where template = 'administrators.update_reminder' order by id",
    );
  const runReminders = async () => {
    expect(await enqueueUpdateReminders(t.database.db)).toEqual(expect.any(Number));
    await createJobRunner(t.context, { log: () => {} }).drain();
  };

  beforeAll(async () => {
    delete t.context.clock;
    const sites = await t.database.query<Site>('select id, site_type_id as type, parent_location_id as department from sites where not is_deleted order by id');
    site = sites[0]!;
    otherSite = sites.find((candidate) => candidate.type !== site.type)!;
    admins.old = await addAdmin('vieja@alcaldia.gov.co', 100, site);
    admins.fresh = await addAdmin('reciente@alcaldia.gov.co', 5, site);
    admins.otherType = await addAdmin('otro-tipo@alcaldia.gov.co', 100, otherSite);
  });

  it("mails the administrators whose data is older than the days, in the schedule's places and types, once per period", async () => {
    const created = await send('POST', '/settingupdateadministrators/post', settings, { numberDays: 30, locations: [site.department, otherSite.department], siteTypes: [site.type] });
    expect(created.statusCode).toBe(201);
    await runReminders();
    expect(await reminders()).toEqual([{ to: admins.old.email, template: 'administrators.update_reminder', subject: 'Actualiza los datos de tu entidad' }]);
    // Once per period: running again sends nothing more.
    await runReminders();
    expect(await reminders()).toHaveLength(1);
    // The administrator updated, and the data grew old again: a new period, a new reminder.
    await t.database.query("update users set modified_date = now() - interval '40 days' where id = $1", [admins.old.id]);
    await runReminders();
    expect((await reminders()).map((mail) => mail.to)).toEqual([admins.old.email, admins.old.email]);
    await send('DELETE', `/settingupdateadministrators/${created.json().id}`, settings);
  });

  it('by date: from that day on, everyone whose data is older than the day, once', async () => {
    const before = (await reminders()).length;
    const created = await send('POST', '/settingupdateadministrators/post', settings, {
      numberDays: 0,
      schedulingDate: '2026-01-15',
      locations: [site.department, otherSite.department],
      siteTypes: [site.type, otherSite.type],
    });
    expect(created.statusCode).toBe(201);
    await t.database.query("update users set modified_date = '2026-01-01T12:00:00Z' where id = any($1)", [[admins.old.id, admins.otherType.id]]);
    await t.database.query("update users set modified_date = '2026-01-15T12:00:00Z' where id = $1", [admins.fresh.id]);
    // The day before: nothing.
    setClock('2026-01-15T04:00:00Z');
    await runReminders();
    expect(await reminders()).toHaveLength(before);
    setClock('2026-01-15T15:00:00Z');
    await runReminders();
    await runReminders();
    expect((await reminders()).slice(before).map((mail) => mail.to).sort()).toEqual([admins.old.email, admins.otherType.email].sort());
    delete t.context.clock;
  });
});

describe('e-mail notification report (GET /emailnotificationsexport, streamed)', () => {
  it('streams the mail log of the date range, as CSV or XLSX, to Settings only', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const csv = await send('GET', `/emailnotificationsexport?from=2020-01-01&to=${today}`, settings);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('vieja@alcaldia.gov.co');
    expect(csv.body).toContain('Actualiza los datos de tu entidad');
    const aliases = await send('GET', `/emailnotificationsexport?fromDate=2020-01-01&toDate=${today}`, settings);
    expect(aliases.body).toContain('vieja@alcaldia.gov.co');
    const old = await send('GET', '/emailnotificationsexport?from=2020-01-01&to=2020-01-31', settings);
    expect(old.statusCode).toBe(200);
    expect(old.body).not.toContain('vieja@alcaldia.gov.co');
    const xlsx = await send('GET', `/emailnotificationsexport?from=2020-01-01&to=${today}&format=xlsx`, settings);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await send('GET', '/emailnotificationsexport', sitesOnly)).statusCode).toBe(403);
    expect((await send('GET', '/emailnotificationsexport?from=ayer', settings)).statusCode).toBe(400);
  });
});
