/**
 * The public request wizard's API (spec 01 'New-entity request wizard', §5, §8; issue 9): public reads without personal
 * data, the documents' upload, every rule of POST /newsite/ with its Spanish message, one pending request per site
 * (409, also under a race), the user_made site and the site list's counts, the acknowledgement in the mail log, the
 * terms' acceptance with its version, and the per-address rate limits.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createCaptcha } from '../../server/auth/captcha';
import { fileStorageOf, purgeOrphanFiles } from '../../server/files';
import { bearer, createTestApp } from '../helpers/testApp';
import { multipart } from '../helpers/multipart';
import { NEW_SITE_RATE_LIMITS } from '../../resources/newSiteRequest';

const t = await createTestApp({ seed: 'reference' });
afterAll(async () => {
  await t.close();
});
const admin = await t.tokenFor(['Sites']);

let addressCounter = 0;
/** A fresh client address per call unless one is given: the rate limits are per address. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.77.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return t.database.query<T>(text, params);
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function uploadDocument(name = 'acta.pdf', content = pdf, remoteAddress = nextAddress(), uploadSession?: string) {
  const body = multipart(name, content);
  const headers = { ...body.headers, ...(uploadSession === undefined ? {} : { 'x-upload-session': uploadSession }) };
  return t.app.inject({ method: 'POST', url: '/api/v1/newsite/uploadfiles/', payload: body.payload, headers, remoteAddress });
}

const [mayoralty] = await query<{ id: number; location_id: number; parent_location_id: number }>(
  'select id, location_id, parent_location_id from sites where site_type_id = 2 and location_id is not null order by id limit 1',
);
const [council] = await query<{ id: number }>('select id from sites where site_type_id = 4 and location_id = $1 limit 1', [mayoralty!.location_id]);

const legalRepresentative = {
  name: 'Ana',
  name2: '',
  lastName: 'Pérez',
  lastName2: 'Rojas',
  identificationNumber: '52123456',
  gender: 'F',
  position: 'Alcaldesa',
  email: 'ana.perez@alcaldia.gov.co',
  phone: '3001234567',
  phone2: '',
};
const webMaster = {
  webMasterName: 'Luis',
  webMasterLastName: 'Gómez',
  webMasterIdentificationNumber: '80123456',
  webMasterGender: 'M',
  webMasterPosition: 'Ingeniero de sistemas',
  webMasterEmail: 'luis.gomez@alcaldia.gov.co',
  webMasterPhone: '3007654321',
};

async function requestBody(overrides: Record<string, unknown> = {}) {
  const captcha = await createCaptcha(t.database, 'KX7PA');
  const uploaded = (await uploadDocument()).json();
  return {
    requestType: 'FirstTime',
    parentLocationId: mayoralty!.parent_location_id,
    locationId: mayoralty!.location_id,
    siteTypeId: 2,
    siteId: mayoralty!.id,
    termsAccepted: true,
    termsVersion: 1,
    dataTreatmentVersion: 1,
    legalRepresentative,
    webMaster,
    files: [uploaded.fileID],
    uploadSession: uploaded.uploadSession,
    captchaId: captcha.captchaId,
    reCaptcha: 'kx7pa',
    ...overrides,
  };
}

const submit = (payload: unknown, remoteAddress = nextAddress()) => t.app.inject({ method: 'POST', url: '/api/v1/newsite/', payload: payload as object, remoteAddress });
const get = (url: string, remoteAddress = nextAddress()) => t.app.inject({ method: 'GET', url, remoteAddress });

describe('public reads', () => {
  it('lists departments, then the municipalities of one', async () => {
    const departments = (await get('/api/v1/newsite/locations/')).json();
    expect(departments.length).toBeGreaterThan(30);
    expect(departments.map((d: { id: number }) => d.id)).toContain(mayoralty!.parent_location_id);
    const municipalities = (await get(`/api/v1/newsite/locations/?parentLocationId=${mayoralty!.parent_location_id}`)).json();
    expect(municipalities.map((m: { id: number }) => m.id)).toContain(mayoralty!.location_id);
    expect(Object.keys(municipalities[0]).sort()).toEqual(['id', 'name']);
    expect((await get('/api/v1/newsite/locations/?parentLocationId=abc')).statusCode).toBe(400);
  });

  it('lists the entity types with their order', async () => {
    const types = (await get('/api/v1/newsite/sitetypes/')).json();
    expect(types).toEqual(expect.arrayContaining([{ id: 2, name: 'Alcaldía', orderType: 1 }, { id: 5, name: 'Otras entidades', orderType: null }]));
  });

  it('gives the sites of a location and type with the installed flag and nothing else', async () => {
    const response = await get(`/api/v1/newsite/sites/?locationId=${mayoralty!.location_id}&siteTypeId=2`);
    expect(response.statusCode).toBe(200);
    const listed = response.json();
    expect(listed).toEqual([expect.objectContaining({ id: mayoralty!.id, installed: false, pendingRequest: false })]);
    expect(Object.keys(listed[0]).sort()).toEqual(['id', 'installed', 'name', 'pendingRequest']);
    const missing = await get('/api/v1/newsite/sites/?siteTypeId=2');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Debes seleccionar un departamento');
  });

  it('gives the request terms and data-treatment texts with their versions (seeded)', async () => {
    const terms = (await get('/api/v1/newsite/terms/')).json();
    expect(terms.terms.version).toBe(1);
    expect(terms.dataTreatment.version).toBe(1);
    expect(terms.terms.text).toContain('3 meses');
    expect(terms.dataTreatment.text).toContain('Ley 1581 de 2012');
    expect(terms.terms.text.length).toBeLessThanOrEqual(600);
  });
});

describe('POST /newsite/uploadfiles/', () => {
  it('stores a supporting document without a session and refuses bad ones with the spec messages', async () => {
    const stored = await uploadDocument();
    expect(stored.statusCode).toBe(201);
    expect(stored.json()).toMatchObject({ name: 'acta.pdf', isImage: false });
    // Reading it back needs a superadmin session: the documents are personal.
    expect((await get(stored.json().filePath)).statusCode).toBe(401);
    const empty = await uploadDocument('vacio.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('El archivo que intentas subir no tiene peso');
    const wrong = await uploadDocument('programa.exe.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('No puedes subir este tipo de archivo.');
    const big = await uploadDocument('grande.pdf', Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('El tamaño de los archivos no pueden exceder los 10MB de tamaño');
  });

  it('holds each document for the upload session it came with (one drawn when none is sent) until the orphan age', async () => {
    const first = await uploadDocument();
    const session = first.json().uploadSession as string;
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await uploadDocument('cedula.pdf', pdf, nextAddress(), session);
    expect(second.statusCode).toBe(201);
    expect(second.json().uploadSession).toBe(session);
    expect((await uploadDocument()).json().uploadSession).not.toBe(session);
    const malformed = await uploadDocument('acta.pdf', pdf, nextAddress(), 'corta');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('La sesión de carga de documentos no es válida: recarga la página e inténtalo de nuevo');
    // Held, the file outlives a purge of younger orphans; once the hold is as old as an orphan, both go.
    const storage = fileStorageOf(t.context);
    await purgeOrphanFiles(t.database, storage, { olderThanHours: 24 });
    expect(await query('select 1 from files where id = $1', [first.json().fileID])).toHaveLength(1);
    await query(`update files set created_at = now() - interval '48 hours' where id = $1`, [first.json().fileID]);
    await query(`update file_refs set created_at = now() - interval '48 hours' where file_id = $1`, [first.json().fileID]);
    await purgeOrphanFiles(t.database, storage, { olderThanHours: 24 });
    expect(await query('select 1 from files where id = $1', [first.json().fileID])).toHaveLength(0);
    expect(await query('select 1 from files where id = $1', [second.json().fileID])).toHaveLength(1);
  });
});

describe('POST /newsite/', () => {
  it('refuses an empty body with the profile messages of spec 01 §5', async () => {
    const response = await submit({});
    expect(response.statusCode).toBe(400);
    const messages = response.json().error.details.map((d: { target: string; message: string }) => `${d.target}: ${d.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'legalRepresentative.name: Debes ingresar un nombre',
        'legalRepresentative.lastName: Debes ingresar un apellido',
        'legalRepresentative.identificationNumber: Debes ingresar un numero de identificación',
        'legalRepresentative.gender: Debes seleccionar un género',
        'legalRepresentative.position: Debes ingresar un cargo',
        'legalRepresentative.phone: Debes ingresar un teléfono',
        'webMaster.webMasterName: Debes ingresar un nombre',
        'reCaptcha: Debes ingresar el Captcha',
      ]),
    );
  });

  it('refuses bad profile values with their messages', async () => {
    const body = await requestBody({
      legalRepresentative: { ...legalRepresentative, identificationNumber: '12-34', phone: '1'.repeat(16), email: 'Ana@X.gov.co' },
      webMaster: { ...webMaster, webMasterIdentificationNumber: '1'.repeat(51) },
    });
    const details = (await submit(body)).json().error.details.map((d: { target: string; message: string }) => `${d.target}: ${d.message}`);
    expect(details).toEqual(
      expect.arrayContaining([
        'legalRepresentative.identificationNumber: Solo se permiten números',
        'legalRepresentative.phone: La longitud máxima es de 15 caracteres',
        'legalRepresentative.email: Correo electrónico no válido',
        'webMaster.webMasterIdentificationNumber: La longitud máxima es de 50 caracteres',
      ]),
    );
  });

  it('refuses a wrong captcha, used up either way', async () => {
    const body = await requestBody({ reCaptcha: 'ZZZZZ' });
    const response = await submit(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('El Captcha no es correcto, intenta con uno nuevo');
    const again = await submit({ ...body, reCaptcha: 'KX7PA' });
    expect(again.json().error.details[0].target).toBe('reCaptcha');
  });

  it('refuses a captcha answer that is not text (an array, an object) with 400, before checking it', async () => {
    for (const reCaptcha of [['kx7pa'], { answer: 'kx7pa' }]) {
      const response = await submit(await requestBody({ reCaptcha }));
      expect(response.statusCode, JSON.stringify(reCaptcha)).toBe(400);
      expect(response.json().error.details).toContainEqual({ code: 'BadArgument', target: 'reCaptcha', message: 'Debes ingresar el Captcha' });
    }
  });

  it('refuses ids the database cannot hold (1.5, 1e12, beyond int4) with the field message, before the captcha is used', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ locationId: 1.5 }, 'locationId', 'Debes seleccionar un municipio'],
      [{ locationId: 1e12 }, 'locationId', 'Debes seleccionar un municipio'],
      [{ parentLocationId: 99_999_999_999 }, 'parentLocationId', 'Debes seleccionar un departamento'],
      [{ siteTypeId: 3_000_000_000 }, 'siteTypeId', 'Debes seleccionar el tipo de entidad'],
      [{ siteId: 2_147_483_648 }, 'siteId', 'Debes seleccionar una entidad'],
    ];
    for (const [overrides, target, message] of cases) {
      const body = await requestBody(overrides);
      const response = await submit(body);
      expect(response.statusCode, target).toBe(400);
      expect(response.json().error.details, target).toEqual([{ code: 'BadArgument', target, message }]);
    }
  });

  it('refuses terms accepted in another version (409)', async () => {
    const response = await submit(await requestBody({ termsVersion: 2 }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Los términos cambiaron mientras llenabas la solicitud: léelos y acéptalos de nuevo');
  });

  it('refuses ChangeAdmin where no site is installed', async () => {
    const response = await submit(await requestBody({ requestType: 'ChangeAdmin' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'No hay un portal instalado para este lugar y tipo de entidad: no es posible solicitar un cambio de administrador.',
    );
  });

  it('refuses a new site where an existing one can be chosen (type other than 5)', async () => {
    const response = await submit(
      await requestBody({ siteId: null, site: { name: 'Alcaldía nueva', allowedUrl: 'https://nueva.gov.co', address: 'Calle 1 # 2-3', latitude: 4.6, longitude: -74 } }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Para este lugar y tipo de entidad no es posible solicitar un sitio nuevo.');
  });

  it('receives a first-time request: PendingApproval, site flagged, files attached, terms recorded, acknowledgement queued', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/sites/counts/', headers: bearer(admin) })).json();
    const body = await requestBody();
    const response = await submit(body);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ siteId: mayoralty!.id, kind: 'FirstTime', status: 'PendingApproval' });

    const [request] = await query<{ status: string; legal_representative: Record<string, string>; web_master: Record<string, string>; detail: { files: unknown[] } }>(
      'select status, legal_representative, web_master, detail from site_requests where id = $1',
      [created.id],
    );
    expect(request!.status).toBe('PendingApproval');
    expect(request!.legal_representative.identificationNumber).toBe('52123456');
    expect(request!.web_master.webMasterEmail).toBe('luis.gomez@alcaldia.gov.co');
    expect(request!.detail.files).toEqual([expect.objectContaining({ fileID: body.files[0], name: 'acta.pdf' })]);
    const refs = await query('select 1 from file_refs where resource = $1 and record_id = $2', ['siterequests', String(created.id)]);
    expect(refs).toHaveLength(1);
    const acceptances = await query<{ kind: string; version: number; email: string }>(
      'select kind, version, email from terms_acceptances where site_request_id = $1 order by kind',
      [created.id],
    );
    expect(acceptances).toEqual([
      { kind: 'SiteRequestDataTreatment', version: 1, email: legalRepresentative.email },
      { kind: 'SiteRequestTerms', version: 1, email: legalRepresentative.email },
    ]);
    const mails = await query<{ recipient: string; template: string; subject: string }>('select recipient, template, subject from mail_log where related_id = $1', [
      String(created.id),
    ]);
    expect(mails).toEqual([expect.objectContaining({ recipient: legalRepresentative.email, template: 'siterequests.received' })]);
    const [siteRow] = await query<{ name: string }>('select name from sites where id = $1', [mayoralty!.id]);
    expect(mails[0]!.subject).toBe(`Recibimos la solicitud de portal de ${siteRow!.name}`);

    // The Pendiente tab counts it and the site's Solicitudes list shows it.
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/sites/counts/', headers: bearer(admin) })).json();
    expect(after.pending).toBe(before.pending + 1);
    expect(after.all).toBe(before.all);
    const listed = await t.app.inject({ method: 'GET', url: `/api/v1/siterequests/?siteId=${mayoralty!.id}&status=PendingApproval`, headers: bearer(admin) });
    expect(listed.json().results ?? listed.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: created.id, status: 'PendingApproval' })]));

    // The public list flags it and still carries no personal data.
    const publicList = await get(`/api/v1/newsite/sites/?locationId=${mayoralty!.location_id}&siteTypeId=2`);
    expect(publicList.json()).toEqual([expect.objectContaining({ id: mayoralty!.id, pendingRequest: true })]);
    expect(publicList.body).not.toMatch(/@|52123456|Pérez/);
  });

  it('answers 409 to a second request for a site with one pending', async () => {
    const response = await submit(await requestBody());
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'RequestAlreadyPending', message: 'Esta entidad ya tiene una solicitud pendiente de aprobación' });
  });

  it('lets only one of two racing requests for the same site through (unique index)', async () => {
    const bodies = await Promise.all([requestBody({ siteTypeId: 4, siteId: council!.id }), requestBody({ siteTypeId: 4, siteId: council!.id })]);
    // The captchas share an answer; each body has its own.
    const answers = await Promise.all(bodies.map((body) => submit(body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const pending = await query('select 1 from site_requests where site_id = $1 and status = $2', [council!.id, 'PendingApproval']);
    expect(pending).toHaveLength(1);
  });

  it('the database itself refuses a second pending request for a site', async () => {
    await expect(
      query(`insert into site_requests (site_id, kind, status) values ($1, 'FirstTime', 'PendingApproval')`, [mayoralty!.id]),
    ).rejects.toThrow();
  });

  it('creates a user_made site for a new entity (type 5) and keeps the site list counts right', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/sites/counts/', headers: bearer(admin) })).json();
    const site = { name: 'Empresa de Servicios Públicos de Prueba', allowedUrl: 'https://esp-prueba.gov.co', address: 'Carrera 7 # 10-20', latitude: 4.61, longitude: -74.08 };
    const response = await submit(await requestBody({ siteTypeId: 5, siteId: null, site }));
    expect(response.statusCode).toBe(201);
    const { siteId, kind } = response.json();
    expect(kind).toBe('UserMade');
    const [row] = await query<{ user_made: boolean; installed: boolean; pending_request: boolean; name: string; alias: string; status_id: number }>(
      'select user_made, installed, pending_request, name, alias, status_id from sites where id = $1',
      [siteId],
    );
    expect(row).toMatchObject({ user_made: true, installed: false, pending_request: true, name: site.name, status_id: 2 });
    expect(row!.alias).toBe('empresa-de-servicios-publicos-de-prueba');
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/sites/counts/', headers: bearer(admin) })).json();
    expect(after).toMatchObject({ all: before.all + 1, pending: before.pending + 1, inactive: before.inactive + 1, active: before.active });
  });

  it('refuses a new site whose URL a portal already holds', async () => {
    await query(`update sites set allowed_url = 'https://tomada.gov.co' where id = $1`, [council!.id]);
    await query(`insert into site_domains (site_id, domain) values ($1, 'tomada.gov.co') on conflict do nothing`, [council!.id]);
    const site = { name: 'Otra entidad de prueba', allowedUrl: 'https://tomada.gov.co', address: 'Carrera 7 # 10-20', latitude: 4.61, longitude: -74.08 };
    const response = await submit(await requestBody({ siteTypeId: 5, siteId: null, site }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('La Url que intentas usar ya se encuentra en uso');
  });

  it('flags a type other than 5 whose sites are all installed as already installed', async () => {
    const [governorate] = await query<{ id: number; parent_location_id: number }>('select id, parent_location_id from sites where site_type_id = 1 limit 1');
    await query('update sites set installed = true, status_id = 1 where site_type_id = 1 and parent_location_id = $1', [governorate!.parent_location_id]);
    const listed = (await get(`/api/v1/newsite/sites/?locationId=${governorate!.parent_location_id}&siteTypeId=1`)).json();
    expect(listed.every((site: { installed: boolean }) => site.installed)).toBe(true);
    const response = await submit(await requestBody({ parentLocationId: governorate!.parent_location_id, locationId: null, siteTypeId: 1, siteId: governorate!.id }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Las entidades de este tipo en el lugar elegido ya tienen su portal instalado.');
    // A change of administrator of that installed governorate is accepted.
    const change = await submit(await requestBody({ requestType: 'ChangeAdmin', parentLocationId: governorate!.parent_location_id, locationId: null, siteTypeId: 1, siteId: governorate!.id }));
    expect(change.statusCode).toBe(201);
    expect(change.json().kind).toBe('ChangeAdmin');
  });

  it("takes only its own session's unattached documents, each once", async () => {
    const site = (name: string) => ({ name, allowedUrl: `https://${name.toLowerCase().replace(/\W+/g, '-')}.gov.co`, address: 'Calle 10 # 1-1', latitude: 5, longitude: -75 });
    const asNew = (name: string, overrides: Record<string, unknown>) => requestBody({ siteTypeId: 5, siteId: null, site: site(name), ...overrides });
    const invalid = 'Uno de los documentos no existe o ya no está disponible: adjúntalo de nuevo';

    // Another wizard's document (another session), even with its id right.
    const theirs = (await uploadDocument('cedula-ajena.pdf')).json();
    const mine = (await uploadDocument()).json();
    const foreign = await submit(await asNew('Entidad ajena uno', { files: [mine.fileID, theirs.fileID], uploadSession: mine.uploadSession }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(invalid);

    // A request document uploaded by a superadmin (no wizard session) is not the wizard's to take.
    const upload = multipart('interno.pdf', pdf);
    const internal = (await t.app.inject({ method: 'POST', url: '/api/v1/uploadfiles/elementType=siteRequest', payload: upload.payload, headers: { ...upload.headers, ...bearer(admin) } })).json();
    const notWizard = await submit(await asNew('Entidad ajena dos', { files: [mine.fileID, internal.fileID], uploadSession: mine.uploadSession }));
    expect(notWizard.statusCode).toBe(400);

    // The same id ten times.
    const repeated = await submit(await asNew('Entidad ajena tres', { files: Array(10).fill(mine.fileID), uploadSession: mine.uploadSession }));
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error.message).toBe('Adjuntaste el mismo documento más de una vez');

    // The refusals gave nothing away: the documents are still the session's, and a request takes them.
    const other = (await uploadDocument('cedula.pdf', pdf, nextAddress(), mine.uploadSession)).json();
    const accepted = await submit(await asNew('Entidad con dos documentos', { files: [other.fileID, mine.fileID], uploadSession: mine.uploadSession }));
    expect(accepted.statusCode).toBe(201);
    const [detail] = await query<{ detail: { files: { fileID: string; name: string }[] } }>('select detail from site_requests where id = $1', [accepted.json().id]);
    expect(detail!.detail.files.map((file) => file.name)).toEqual(['cedula.pdf', 'acta.pdf']);

    // Already attached to that request: no other request takes it, not even from the same session.
    const again = await submit(await asNew('Entidad que reutiliza', { files: [mine.fileID], uploadSession: mine.uploadSession }));
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(invalid);
    const refs = await query<{ resource: string }>('select resource from file_refs where file_id = $1', [mine.fileID]);
    expect(refs).toEqual([{ resource: 'siterequests' }]);
  });

  it("records an anonymous actor with the request's address, the applicant's e-mail as data", async () => {
    const site = { name: 'Entidad auditada de prueba', allowedUrl: 'https://auditada.gov.co', address: 'Calle 10 # 1-1', latitude: 5, longitude: -75 };
    const response = await submit(await requestBody({ siteTypeId: 5, siteId: null, site }), '10.77.250.9');
    expect(response.statusCode).toBe(201);
    const [line] = await query<{ user_id: number | null; user_email: string; address: string; after: Record<string, unknown> }>(
      `select user_id, user_email, host(client_address) as address, after from audit_log where resource = 'siterequests' and record_id = $1`,
      [String(response.json().id)],
    );
    expect(line).toMatchObject({ user_id: null, user_email: 'anónimo', address: '10.77.250.9' });
    expect(line!.after).toMatchObject({ applicantEmail: legalRepresentative.email, status: 'PendingApproval' });
  });

  it('refuses documents that were never uploaded', async () => {
    const response = await submit(await requestBody({ siteTypeId: 5, siteId: null, files: ['7f1c2a34-0b4e-4a7a-9c3d-2f1e0d9c8b7a'], site: { name: 'Entidad sin documentos', allowedUrl: 'https://sin-docs.gov.co', address: 'Calle 10 # 1-1', latitude: 5, longitude: -75 } }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Uno de los documentos no existe o ya no está disponible: adjúntalo de nuevo');
  });
});

describe('an unexpected failure', () => {
  it("answers the spec's failure text and keeps nothing of the request", async () => {
    const site = { name: 'Entidad con falla de prueba', allowedUrl: 'https://falla.gov.co', address: 'Calle 10 # 1-1', latitude: 5, longitude: -75 };
    const body = await requestBody({ siteTypeId: 5, siteId: null, site });
    await query('alter table terms_acceptances rename to terms_acceptances_fuera');
    try {
      const response = await submit(body);
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toMatchObject({ code: 'RequestNotReceived', message: 'Lo sentimos en este momento no podemos recibir tu solicitud' });
    } finally {
      await query('alter table terms_acceptances_fuera rename to terms_acceptances');
    }
    expect(await query('select 1 from sites where name = $1', [site.name])).toHaveLength(0);
  });
});

describe('rate limits per client address', () => {
  it('caps POST /newsite/ and answers 429 in Spanish, other addresses unaffected', async () => {
    const address = '10.99.0.1';
    const statuses: number[] = [];
    for (let i = 0; i <= NEW_SITE_RATE_LIMITS.submit.max; i += 1) statuses.push((await submit({}, address)).statusCode);
    expect(statuses.slice(0, NEW_SITE_RATE_LIMITS.submit.max).every((status) => status === 400)).toBe(true);
    const limited = await submit({}, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Demasiadas solicitudes seguidas. Espera un momento e inténtalo de nuevo.');
    expect((await submit({}, '10.99.0.2')).statusCode).toBe(400);
  });

  it('caps the uploads', async () => {
    const address = '10.99.0.3';
    for (let i = 0; i < NEW_SITE_RATE_LIMITS.upload.max; i += 1) await uploadDocument('vacio.pdf', Buffer.alloc(0), address);
    expect((await uploadDocument('acta.pdf', pdf, address)).statusCode).toBe(429);
  });

  it.each(['/api/v1/newsite/locations/', '/api/v1/newsite/sitetypes/', '/api/v1/newsite/terms/', `/api/v1/newsite/sites/?locationId=1&siteTypeId=1`])('caps %s', async (url) => {
    const address = `10.98.${url.length}.${url.charCodeAt(18)}`;
    for (let i = 0; i < NEW_SITE_RATE_LIMITS.read.max; i += 1) expect((await get(url, address)).statusCode).not.toBe(429);
    expect((await get(url, address)).statusCode).toBe(429);
  });
});
