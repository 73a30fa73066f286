/**
 * Site requests (spec 01 §3, §4, §5, §7, §8; issue 9 'Requests'): `PUT /siterequests/changestatus/{id}` — body rules
 * and messages, access, 409 `RequestAlreadyProcessed` (also for two simultaneous approvals: exactly one wins), the
 * site's pending flag, the audit line, the installation job queued on approval, the rejection e-mail in the mail log
 * and the UserMade site dropped on rejection —, `GET /siterequests/administrator/{id}` (the spec's profile shape),
 * `POST /siterequests/` (the wizard's submission under the spec's path), `GET /siterequests/{id}` and its correction
 * while pending, `PUT /siterequests/{id}`.
 * On PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_INSTALL_JOB_KIND } from '../../server/resources/services/siteRequests';
import { jobKind, registerJobKind } from '../../server/jobs';
import { createCaptcha } from '../../server/auth/captcha';
import { newSite } from '../../i18n/es/newSite';
import { siteRequests } from '../../i18n/es/siteDetail';
import { multipart } from '../helpers/multipart';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

// The installation job belongs to server/sites/installation (another module): a trivial stand-in when it is not loaded.
if (!jobKind(SITE_INSTALL_JOB_KIND)) registerJobKind(SITE_INSTALL_JOB_KIND, { permissions: ['Sites'], run: async () => ({}) });

const API = '/api/v1';
const REASON = 'La documentación del representante legal no corresponde a la entidad que solicita el portal.';

let t: TestApp;
let sitesToken: string;
let reportsToken: string;
let department = 0;
let siteType = 0;
let counter = 0;

const LEGAL = {
  name: 'María',
  name2: 'José',
  lastName: 'Pérez',
  lastName2: 'Gómez',
  identificationNumber: '43123456',
  gender: 'F',
  position: 'Alcaldesa',
  email: 'Maria.Perez@Entidad.gov.co',
  phone: '3001234567',
  phone2: '',
};
const WEB = {
  webMasterName: 'Carlos',
  webMasterName2: '',
  webMasterLastName: 'Ruiz',
  webMasterLastName2: 'Díaz',
  webMasterIdentificationNumber: '71234567',
  webMasterGender: 'M',
  webMasterPosition: 'Ingeniero',
  webMasterEmail: 'carlos.ruiz@entidad.gov.co',
  webMasterPhone: '3107654321',
  webMasterPhone2: '6041234567',
};

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  sitesToken = await t.tokenFor(['Sites']);
  reportsToken = await t.tokenFor(['Reports', 'Impersonate', 'Users', 'Settings', 'GlobalContents', 'GlobalBanners', 'Messages', 'Tickets']);
  const [location] = await t.database.query<{ id: number }>('select id from locations where parent_location_id is not null order by id limit 1');
  const [type] = await t.database.query<{ id: number }>('select id from site_types order by id limit 1');
  department = location!.id;
  siteType = type!.id;
}, 120_000);

afterAll(async () => t?.close());

/** A site (user made or not) with one pending request of this kind; answers both ids. */
async function pendingRequest(kind: 'FirstTime' | 'ChangeAdmin' | 'UserMade' = 'FirstTime', detail: unknown = null) {
  counter += 1;
  const userMade = kind === 'UserMade';
  const [site] = await t.database.query<{ id: number }>(
    `insert into sites (name, alias, parent_location_id, site_type_id, order_type, pending_request, user_made, allowed_url)
     values ($1, $2, $3, $4, 0, true, $5, $6) returning id`,
    [`Entidad de prueba ${counter}`, `entidad-solicitud-${counter}`, department, siteType, userMade, `https://entidad-${counter}.gov.co`],
  );
  if (userMade) await t.database.query('insert into site_domains (domain, site_id) values ($1, $2)', [`entidad-${counter}.gov.co`, site!.id]);
  const [request] = await t.database.query<{ id: number }>(
    `insert into site_requests (site_id, kind, status, legal_representative, web_master, detail) values ($1, $2, 'PendingApproval', $3, $4, $5) returning id`,
    [site!.id, kind, JSON.stringify(LEGAL), JSON.stringify(WEB), detail === null ? null : JSON.stringify(detail)],
  );
  return { siteId: Number(site!.id), requestId: Number(request!.id) };
}

const change = (id: number | string, payload: unknown, token: string | null = sitesToken) =>
  t.app.inject({ method: 'PUT', url: `${API}/siterequests/changestatus/${id}`, headers: token ? bearer(token) : {}, payload: payload as object });

const firstDetail = (response: { json(): unknown }) => (response.json() as { error: { details: Array<{ target: string; message: string }> } }).error.details[0];

describe('PUT /siterequests/changestatus/{id}: access and body', () => {
  it('needs a session (401) and the Sites permission (403, even holding every other one)', async () => {
    const { requestId } = await pendingRequest();
    expect((await change(requestId, { status: 'Approved' }, null)).statusCode).toBe(401);
    const refused = await change(requestId, { status: 'Approved' }, reportsToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'Forbidden' } });
    const [row] = await t.database.query<{ status: string }>('select status from site_requests where id = $1', [requestId]);
    expect(row!.status).toBe('PendingApproval');
  });

  it('answers 404 for a request that does not exist or an id that cannot be one', async () => {
    expect((await change(99_999_999, { status: 'Approved' })).statusCode).toBe(404);
    expect((await change('abc', { status: 'Approved' })).statusCode).toBe(404);
  });

  it('refuses a missing or unknown status with the Spanish message', async () => {
    const { requestId } = await pendingRequest();
    for (const payload of [{}, { status: 'PendingApproval' }, { status: 'Aprobada' }]) {
      const response = await change(requestId, payload);
      expect(response.statusCode).toBe(400);
      expect(firstDetail(response)).toMatchObject({ target: 'status', message: 'Debes indicar si apruebas (Approved) o rechazas (Rejected) la solicitud' });
    }
  });

  it('a rejection needs its reason: required, at least 50 characters (trimmed), at most 2000', async () => {
    const { requestId } = await pendingRequest();
    const cases: Array<[unknown, string]> = [
      [undefined, 'Debes ingresar el motivo del rechazo'],
      ['   ', 'Debes ingresar el motivo del rechazo'],
      ['x'.repeat(49), 'El motivo del rechazo debe tener por lo menos 50 caracteres'],
      [`  ${'x'.repeat(49)}   `, 'El motivo del rechazo debe tener por lo menos 50 caracteres'],
      ['x'.repeat(2001), 'El motivo del rechazo admite hasta 2000 caracteres'],
    ];
    for (const [responseMessage, message] of cases) {
      const response = await change(requestId, { status: 'Rejected', responseMessage });
      expect(response.statusCode, String(responseMessage).slice(0, 10)).toBe(400);
      expect(firstDetail(response)).toEqual({ code: 'BadArgument', target: 'responseMessage', message });
    }
    const [row] = await t.database.query<{ status: string }>('select status from site_requests where id = $1', [requestId]);
    expect(row!.status).toBe('PendingApproval');
  });

  it('a reason that is not text (an array, an object) is refused with 400, and the request stays pending', async () => {
    const { requestId } = await pendingRequest();
    for (const responseMessage of [['x'.repeat(60)], { text: 'x'.repeat(60) }]) {
      const response = await change(requestId, { status: 'Rejected', responseMessage });
      expect(response.statusCode, JSON.stringify(responseMessage).slice(0, 10)).toBe(400);
      expect(firstDetail(response)).toEqual({ code: 'BadArgument', target: 'responseMessage', message: 'Debes ingresar un texto' });
    }
    const [row] = await t.database.query<{ status: string }>('select status from site_requests where id = $1', [requestId]);
    expect(row!.status).toBe('PendingApproval');
  });

  it('a body that is not an object is refused in the envelope, never 500', async () => {
    const { requestId } = await pendingRequest();
    const response = await t.app.inject({
      method: 'PUT',
      url: `${API}/siterequests/changestatus/${requestId}`,
      headers: { ...bearer(sitesToken), 'content-type': 'application/json' },
      payload: '["Approved"]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BadArgument' } });
  });
});

describe('approving', () => {
  it('approves, clears the site pending flag, queues the installation job with the request id, audits, and answers the job id', async () => {
    const { siteId, requestId } = await pendingRequest('FirstTime');
    const response = await change(requestId, { status: 'Approved' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { id: number; status: string; jobId: number; processedDate: string; siteId: number };
    expect(body).toMatchObject({ id: requestId, siteId, status: 'Approved', responseMessage: null });
    expect(body.jobId).toEqual(expect.any(Number));
    const [job] = await t.database.query<{ kind: string; payload: { requestId: number }; created_by: number | null }>(
      'select kind, payload, created_by from jobs where id = $1',
      [body.jobId],
    );
    expect(job).toMatchObject({ kind: 'sites.install', payload: { requestId } });
    expect(job!.created_by).not.toBeNull();
    const [request] = await t.database.query<{ status: string; processed_date: Date | null }>('select status, processed_date from site_requests where id = $1', [requestId]);
    expect(request!.status).toBe('Approved');
    expect(request!.processed_date).not.toBeNull();
    const [site] = await t.database.query<{ pending_request: boolean; is_deleted: boolean }>('select pending_request, is_deleted from sites where id = $1', [siteId]);
    expect(site).toEqual({ pending_request: false, is_deleted: false });
    const audit = await t.database.query<{ before: { status: string }; after: { status: string; jobId: number } }>(
      "select before, after from audit_log where resource = 'siterequests' and action = 'changeStatus' and record_id = $1",
      [String(requestId)],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before.status).toBe('PendingApproval');
    expect(audit[0]!.after).toMatchObject({ status: 'Approved', jobId: body.jobId });
    // No mail on approval: the installation e-mails the new administrators.
    const [mails] = await t.database.query<{ n: number }>("select count(*)::int as n from mail_log where related_resource = 'siterequests' and related_id = $1", [String(requestId)]);
    expect(mails!.n).toBe(0);
  });

  it('a processed request answers 409 RequestAlreadyProcessed, whatever the new status, and nothing changes', async () => {
    const { requestId } = await pendingRequest('ChangeAdmin');
    expect((await change(requestId, { status: 'Approved' })).statusCode).toBe(200);
    const [jobsBefore] = await t.database.query<{ n: number }>('select count(*)::int as n from jobs');
    for (const payload of [{ status: 'Approved' }, { status: 'Rejected', responseMessage: REASON }]) {
      const again = await change(requestId, payload);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: {
          code: 'RequestAlreadyProcessed',
          message: 'Esta solicitud ya fue procesada: no está pendiente de aprobación',
          details: [{ code: 'RequestAlreadyProcessed', target: 'status', message: 'Esta solicitud ya fue procesada: no está pendiente de aprobación' }],
        },
      });
    }
    const [jobsAfter] = await t.database.query<{ n: number }>('select count(*)::int as n from jobs');
    expect(jobsAfter!.n).toBe(jobsBefore!.n);
    const [request] = await t.database.query<{ status: string; response_message: string | null }>('select status, response_message from site_requests where id = $1', [requestId]);
    expect(request).toEqual({ status: 'Approved', response_message: null });
  });

  it('two simultaneous approvals of one request: exactly one 200 and one 409, one job', async () => {
    const { requestId } = await pendingRequest('FirstTime');
    const answers = await Promise.all([change(requestId, { status: 'Approved' }), change(requestId, { status: 'Approved' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [jobs] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from jobs where kind = 'sites.install' and (payload->>'requestId')::int = $1",
      [requestId],
    );
    expect(jobs!.n).toBe(1);
  });

  it('an approval and a rejection at once: one wins, the other is told the request is processed', async () => {
    const { requestId } = await pendingRequest('FirstTime');
    const answers = await Promise.all([change(requestId, { status: 'Rejected', responseMessage: REASON }), change(requestId, { status: 'Approved' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json() as { status: string };
    const [request] = await t.database.query<{ status: string }>('select status from site_requests where id = $1', [requestId]);
    expect(request!.status).toBe(winner.status);
  });

  it('a site holds one pending request at a time (partial unique index); once it is decided the flag clears and a new one may wait', async () => {
    const { siteId, requestId } = await pendingRequest('ChangeAdmin');
    const another = () =>
      t.database.query(
        `insert into site_requests (site_id, kind, status, legal_representative, web_master) values ($1, 'ChangeAdmin', 'PendingApproval', $2, $3)`,
        [siteId, JSON.stringify(LEGAL), JSON.stringify(WEB)],
      );
    await expect(another()).rejects.toThrow(/site_requests_one_pending/);
    expect((await change(requestId, { status: 'Approved' })).statusCode).toBe(200);
    const [site] = await t.database.query<{ pending_request: boolean }>('select pending_request from sites where id = $1', [siteId]);
    expect(site!.pending_request).toBe(false);
    await another();
  });
});

describe('rejecting', () => {
  it('rejects with the trimmed reason, e-mails the applicant (legal representative and webmaster) through the mail log, no job', async () => {
    const { siteId, requestId } = await pendingRequest('FirstTime');
    const [jobsBefore] = await t.database.query<{ n: number }>('select count(*)::int as n from jobs');
    const response = await change(requestId, { status: 'Rejected', responseMessage: `  ${REASON}  ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: requestId, status: 'Rejected', responseMessage: REASON, jobId: null });
    const [jobsAfter] = await t.database.query<{ n: number }>('select count(*)::int as n from jobs');
    expect(jobsAfter!.n).toBe(jobsBefore!.n);
    const mails = await t.database.query<{ recipient: string; template: string; subject: string; text_body: string; state: string }>(
      "select recipient, template, subject, text_body, state from mail_log where related_resource = 'siterequests' and related_id = $1 order by recipient",
      [String(requestId)],
    );
    expect(mails.map((mail) => mail.recipient)).toEqual(['carlos.ruiz@entidad.gov.co', 'maria.perez@entidad.gov.co']);
    for (const mail of mails) {
      expect(mail.template).toBe('siterequests.rejected');
      expect(mail.subject).toBe(`Tu solicitud de portal para Entidad de prueba ${counter} fue rechazada`);
      expect(mail.text_body).toContain(REASON);
    }
    expect(mails[1]!.text_body).toContain('Hola María José Pérez Gómez:');
    const [site] = await t.database.query<{ pending_request: boolean; is_deleted: boolean }>('select pending_request, is_deleted from sites where id = $1', [siteId]);
    // Not a UserMade request: the site stays.
    expect(site).toEqual({ pending_request: false, is_deleted: false });
    // Histórico lists it with its status.
    const history = await t.app.inject({ method: 'GET', url: `${API}/siterequests/?siteId=${siteId}&status=Approved&status=Rejected`, headers: bearer(sitesToken) });
    expect(history.json()).toMatchObject({ results: [{ id: requestId, status: 'Rejected', responseMessage: REASON }] });
  });

  it('a rejected UserMade request marks the site the wizard created deleted and frees its domain, so the list counts stay right', async () => {
    const countsBefore = (await t.app.inject({ method: 'GET', url: `${API}/sites/counts/`, headers: bearer(sitesToken) })).json() as { all: number; pending: number };
    const { siteId, requestId } = await pendingRequest('UserMade');
    const countsWith = (await t.app.inject({ method: 'GET', url: `${API}/sites/counts/`, headers: bearer(sitesToken) })).json() as { all: number; pending: number };
    expect(countsWith).toMatchObject({ all: countsBefore.all + 1, pending: countsBefore.pending + 1 });
    expect((await change(requestId, { status: 'Rejected', responseMessage: REASON })).statusCode).toBe(200);
    const [site] = await t.database.query<{ is_deleted: boolean; pending_request: boolean }>('select is_deleted, pending_request from sites where id = $1', [siteId]);
    expect(site).toEqual({ is_deleted: true, pending_request: false });
    const [domains] = await t.database.query<{ n: number }>('select count(*)::int as n from site_domains where site_id = $1', [siteId]);
    expect(domains!.n).toBe(0);
    const countsAfter = (await t.app.inject({ method: 'GET', url: `${API}/sites/counts/`, headers: bearer(sitesToken) })).json();
    expect(countsAfter).toEqual(countsBefore);
    expect((await t.app.inject({ method: 'GET', url: `${API}/sites/${siteId}`, headers: bearer(sitesToken) })).statusCode).toBe(404);
  });
});

describe('GET /siterequests/administrator/{id}', () => {
  it('answers the profile in the spec shape: legal representative fields, webmaster fields prefixed, files with names', async () => {
    const [file] = await t.database.query<{ id: string }>(
      `insert into files (storage_key, name, mime, extension, size, sha256, element_type) values ('prueba/cedula.pdf', 'cedula-representante.pdf', 'application/pdf', 'pdf', 10, 'x', 'document') returning id`,
    );
    const { siteId, requestId } = await pendingRequest('ChangeAdmin', {
      files: [{ fileID: file!.id, owner: 'legalRepresentative' }, { name: 'acta.pdf', filePath: '/api/v1/files/otro', owner: 'webMaster' }, { name: 'sin ruta' }],
    });
    const response = await t.app.inject({ method: 'GET', url: `${API}/siterequests/administrator/${requestId}`, headers: bearer(sitesToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: requestId,
      siteId,
      kind: 'ChangeAdmin',
      status: 'PendingApproval',
      ...LEGAL,
      ...WEB,
      files: [
        { fileID: file!.id, name: 'cedula-representante.pdf', filePath: `/api/v1/files/${file!.id}`, owner: 'legalRepresentative' },
        { fileID: null, name: 'acta.pdf', filePath: '/api/v1/files/otro', owner: 'webMaster' },
      ],
    });
  });

  it('needs Sites (403 otherwise, 401 without a session) and answers 404 for an unknown request', async () => {
    const { requestId } = await pendingRequest();
    expect((await t.app.inject({ method: 'GET', url: `${API}/siterequests/administrator/${requestId}`, headers: bearer(reportsToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${API}/siterequests/administrator/${requestId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${API}/siterequests/administrator/99999999`, headers: bearer(sitesToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${API}/siterequests/administrator/x1`, headers: bearer(sitesToken) })).statusCode).toBe(404);
  });
});

describe('POST /siterequests/ (the wizard\'s submission under the spec\'s path)', () => {
  let address = 0;
  const from = () => {
    address += 1;
    return `10.88.0.${address}`;
  };
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

  it('receives a request as POST /newsite/ does, without a session, and answers the same refusals', async () => {
    const [site] = await t.database.query<{ id: number; location_id: number; parent_location_id: number; site_type_id: number }>(
      `select id, location_id, parent_location_id, site_type_id from sites
        where site_type_id = 2 and location_id is not null and not installed and not pending_request and not is_deleted order by id limit 1`,
    );
    const upload = multipart('acta.pdf', pdf);
    const file = (await t.app.inject({ method: 'POST', url: `${API}/newsite/uploadfiles/`, payload: upload.payload, headers: upload.headers, remoteAddress: from() })).json();
    const captcha = await createCaptcha(t.database, 'QW3RT');
    const body = {
      requestType: 'FirstTime',
      parentLocationId: site!.parent_location_id,
      locationId: site!.location_id,
      siteTypeId: site!.site_type_id,
      siteId: site!.id,
      termsAccepted: true,
      termsVersion: 1,
      dataTreatmentVersion: 1,
      legalRepresentative: { ...LEGAL, email: 'maria.perez@entidad.gov.co' },
      webMaster: WEB,
      files: [file.fileID],
      uploadSession: file.uploadSession,
      captchaId: captcha.captchaId,
      reCaptcha: 'qw3rt',
    };
    const submitted = await t.app.inject({ method: 'POST', url: `${API}/siterequests/`, payload: body, remoteAddress: from() });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(submitted.json()).toEqual({ id: expect.any(Number), siteId: site!.id, kind: 'FirstTime', status: 'PendingApproval' });
    const [stored] = await t.database.query<{ status: string; pending: boolean }>(
      'select r.status, s.pending_request as pending from site_requests r join sites s on s.id = r.site_id where r.id = $1',
      [submitted.json().id],
    );
    expect(stored).toEqual({ status: 'PendingApproval', pending: true });

    // The same refusals, in Spanish, on both paths (one submission function).
    const refusal = async (url: string) => {
      const response = await t.app.inject({ method: 'POST', url, payload: { ...body, captchaId: undefined, reCaptcha: '' }, remoteAddress: from() });
      return { status: response.statusCode, details: response.json().error.details };
    };
    const spec = await refusal(`${API}/siterequests/`);
    expect(spec.status).toBe(400);
    expect(spec.details.map((detail: { message: string }) => detail.message)).toContain('Debes ingresar el Captcha');
    expect(spec).toEqual(await refusal(`${API}/newsite/`));
  });
});

describe('GET /siterequests/{id}', () => {
  it('answers one request with its status name, both profiles, its files and the rest of its submission', async () => {
    const files = [{ fileID: '0b0e7f9c-1b7c-4a56-9a55-3f8b8a0b1c2d', name: 'acta.pdf', filePath: '/api/v1/files/0b0e7f9c-1b7c-4a56-9a55-3f8b8a0b1c2d' }];
    const { siteId, requestId } = await pendingRequest('ChangeAdmin', { requestType: 'ChangeAdmin', files });
    const response = await t.app.inject({ method: 'GET', url: `${API}/siterequests/${requestId}`, headers: bearer(sitesToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: requestId,
      siteId,
      kind: 'ChangeAdmin',
      status: 'PendingApproval',
      statusName: 'Pendiente de aprobación',
      legalRepresentative: LEGAL,
      webMaster: WEB,
      files,
      submission: { requestType: 'ChangeAdmin', files },
    });
    // The tabs' list stays light: no files nor detail per row.
    const listed = (await t.app.inject({ method: 'GET', url: `${API}/siterequests/?siteId=${siteId}`, headers: bearer(sitesToken) })).json();
    expect(listed.results[0]).toMatchObject({ id: requestId, statusName: 'Pendiente de aprobación' });
    expect(listed.results[0]).not.toHaveProperty('submission');
    expect(listed.results[0]).not.toHaveProperty('files');
  });

  it('needs Sites (403 otherwise, 401 without a session) and answers 404 for an unknown request', async () => {
    const { requestId } = await pendingRequest();
    expect((await t.app.inject({ method: 'GET', url: `${API}/siterequests/${requestId}`, headers: bearer(reportsToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${API}/siterequests/${requestId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${API}/siterequests/99999999`, headers: bearer(sitesToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${API}/siterequests/abc`, headers: bearer(sitesToken) })).statusCode).toBe(404);
  });
});

describe('PUT /siterequests/{id} (correction while pending)', () => {
  const correct = (id: number | string, payload: unknown, token: string | null = sitesToken) =>
    t.app.inject({ method: 'PUT', url: `${API}/siterequests/${id}`, headers: token ? bearer(token) : {}, payload: payload as object });

  it('corrects the legal representative with the wizard\'s rules, keeps the webmaster when absent, changes nothing else, audits', async () => {
    const { siteId, requestId } = await pendingRequest();
    const response = await correct(requestId, {
      legalRepresentative: { ...LEGAL, email: '  nueva.representante@entidad.gov.co ', phone: '3009998877', extra: 'no se guarda' },
      status: 'Approved',
      kind: 'UserMade',
      siteId: 1,
      responseMessage: 'x',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: requestId, siteId, kind: 'FirstTime', status: 'PendingApproval', responseMessage: null, webMaster: WEB });
    expect(response.json().legalRepresentative).toEqual({ ...LEGAL, email: 'nueva.representante@entidad.gov.co', phone: '3009998877' });
    const [row] = await t.database.query<{ status: string; legal: { email: string } }>(
      'select status, legal_representative as legal from site_requests where id = $1',
      [requestId],
    );
    expect(row).toEqual({ status: 'PendingApproval', legal: expect.objectContaining({ email: 'nueva.representante@entidad.gov.co' }) });
    const [audit] = await t.database.query<{ action: string }>(
      `select action from audit_log where resource = 'siterequests' and record_id = $1 order by id desc limit 1`,
      [String(requestId)],
    );
    expect(audit?.action).toBe('update');
  });

  it('refuses a profile that breaks the wizard\'s rules, in Spanish on the field; nothing changes', async () => {
    const { requestId } = await pendingRequest();
    const refused = await correct(requestId, { webMaster: { ...WEB, webMasterEmail: 'no es correo', webMasterPhone: '' } });
    expect(refused.statusCode).toBe(400);
    const details = refused.json().error.details as Array<{ target: string; message: string }>;
    expect(details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target: 'webMaster.webMasterEmail', message: newSite.validation.email_invalid }),
        expect.objectContaining({ target: 'webMaster.webMasterPhone', message: newSite.validation.phone_required }),
      ]),
    );
    const empty = await correct(requestId, { legalRepresentative: null });
    expect(empty.statusCode).toBe(400);
    expect(firstDetail(empty).target).toBe('legalRepresentative');
    expect((await correct(requestId, [LEGAL])).statusCode).toBe(400);
    const [row] = await t.database.query<{ web: unknown }>('select web_master as web from site_requests where id = $1', [requestId]);
    expect(row!.web).toEqual(WEB);
  });

  it('a processed request is not corrected: 409 with the Spanish message', async () => {
    const { requestId } = await pendingRequest();
    expect((await change(requestId, { status: 'Rejected', responseMessage: REASON })).statusCode).toBe(200);
    const locked = await correct(requestId, { legalRepresentative: LEGAL });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe(siteRequests.errors.already_processed);
  });

  it('needs Sites (403 otherwise, 401 without a session) and answers 404 for an unknown request', async () => {
    const { requestId } = await pendingRequest();
    expect((await correct(requestId, { legalRepresentative: LEGAL }, reportsToken)).statusCode).toBe(403);
    expect((await correct(requestId, { legalRepresentative: LEGAL }, null)).statusCode).toBe(401);
    expect((await correct(99_999_999, { legalRepresentative: LEGAL })).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the action with its body, its job id and its 409, and the administrator profile', async () => {
    const document = (await t.app.inject({ method: 'GET', url: `${API}/openapi.json`, headers: bearer(sitesToken) })).json() as {
      paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>>;
    };
    const action = document.paths['/api/v1/siterequests/changestatus/{id}']?.put;
    expect(action?.operationId).toBe('siterequestsChangeStatus');
    expect(Object.keys(action!.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409']));
    expect(document.paths['/api/v1/siterequests/administrator/{id}']?.get).toBeDefined();
    expect(document.paths['/api/v1/siterequests/']?.post?.responses).toHaveProperty('201');
    expect(document.paths['/api/v1/siterequests/{id}']?.get).toBeDefined();
    expect(Object.keys(document.paths['/api/v1/siterequests/{id}']!.put!.responses)).toEqual(expect.arrayContaining(['200', '400', '409']));
  });
});
