/**
 * Administrators and site users (spec 01 §2 'Users', §3, §5, §6, §7): lists with search and site filters, reads, the
 * administrator update (both paths), the site-user create and edit, every rule and message, permissions (Reports
 * reads and cannot write; Users writes), the sites' countUsers, the streamed administrator export and the site-user
 * export job. PGlite by default; PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { people } from '../../i18n/es/users';
import { latestBirthDate } from '../../resources/people/rules';
import { verifyPassword } from '../../server/auth/passwords';
import { fileStorageOf } from '../../server/files';
import { createJobRunner } from '../../server/jobs';
import { purgeBackgroundExports } from '../../server/resources/backgroundExports';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1';
const V = people.validation;
let t: TestApp;
let usersToken: string;
let reportsToken: string;
let sitesToken: string;

interface SiteRow {
  id: number;
  alias: string;
  parentLocationId: number;
  locationId: number | null;
  siteTypeId: number;
}
let siteA: SiteRow;
let siteB: SiteRow;
let groupId: number;
let adminA: number;
let adminB: number;

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(statement);
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}

const permissionsOn = (...ids: number[]) => [1, 2, 3, 4, 5, 6].map((id) => ({ sitePermissionID: id, enabled: ids.includes(id) }));

async function insertUser(values: { type: 1 | 3; name: string; email: string; siteId: number; createdDaysAgo: number; deleted?: boolean }): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`
    insert into users (user_type_id, name, email, site_id, admin_type, gender_id, birth_date, site_permissions, created_date, deleted)
    values (${values.type}, ${values.name}, ${values.email}, ${values.siteId}, ${values.type === 1 ? 'LegalRepresentative' : null}, 0, '1980-01-01',
      ${JSON.stringify(permissionsOn(1))}::jsonb, now() - make_interval(days => ${values.createdDaysAgo}), ${values.deleted ?? false})
    returning id`);
  return Number(row!.id);
}

const get = (url: string, token = usersToken) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token = usersToken) =>
  t.app.inject({ method, url: `${API}${url}`, payload: payload as object, headers: bearer(token) });
const messages = (response: { json(): unknown }) =>
  Object.fromEntries(((response.json() as { error: { details: { target: string; message: string }[] } }).error.details ?? []).map((d) => [d.target, d.message]));

const validAdmin = () => ({
  name: 'Ana María Restrepo',
  email: 'ana.restrepo@alcaldia.gov.co',
  genderId: 1,
  birthDate: '1985-06-15',
  adminType: 'WebMaster',
  isGuest: false,
  deleted: false,
  permissions: permissionsOn(1, 3),
});

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  usersToken = await t.tokenFor(['Users']);
  reportsToken = await t.tokenFor(['Reports']);
  sitesToken = await t.tokenFor(['Sites']);
  const picked = await rows<SiteRow>(sql`
    select id, alias, parent_location_id as "parentLocationId", location_id as "locationId", site_type_id as "siteTypeId"
    from sites where location_id is not null and not is_deleted order by id limit 400`);
  siteA = picked[0]!;
  siteB = picked.find((site) => site.parentLocationId !== siteA.parentLocationId && site.siteTypeId !== siteA.siteTypeId)!;
  const [group] = await rows<{ group_id: number }>(sql`insert into groups (name) values ('Grupo de prueba') returning group_id`);
  groupId = Number(group!.group_id);
  await t.database.db.execute(sql`insert into group_sites (group_id, site_id, "order") values (${groupId}, ${siteB.id}, 1)`);
  adminA = await insertUser({ type: 1, name: 'Carlos Gómez Díaz', email: 'carlos.gomez@alcaldia-a.gov.co', siteId: siteA.id, createdDaysAgo: 10 });
  adminB = await insertUser({ type: 1, name: 'Lucía Pérez Ríos', email: 'lucia.perez@alcaldia-b.gov.co', siteId: siteB.id, createdDaysAgo: 1 });
  await insertUser({ type: 3, name: 'José Martínez', email: 'jose.martinez@correo.example.co', siteId: siteA.id, createdDaysAgo: 3 });
  await insertUser({ type: 3, name: 'Óscar Ramírez', email: 'oscar.ramirez@correo.example.co', siteId: siteB.id, createdDaysAgo: 2 });
  await t.database.db.execute(
    sql`update sites s set count_users = (select count(*)::int from users u where u.site_id = s.id and u.user_type_id = 3 and not u.deleted)`,
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('lists (GET /usermain/, GET /siteusers/)', () => {
  it('lists administrators only, newest first, 20 a page, with the site columns', async () => {
    const response = await get('/usermain/');
    expect(response.statusCode).toBe(200);
    const body = response.json() as { results: Array<Record<string, unknown>>; meta: { hasNextPage: boolean } };
    expect(body.results.map((row) => row.id)).toEqual([adminB, adminA]);
    expect(body.results[0]).toMatchObject({ name: 'Lucía Pérez Ríos', siteId: siteB.id, siteAlias: siteB.alias, adminType: 'LegalRepresentative' });
    expect(body.results[0]!.siteName).toEqual(expect.any(String));
    expect(body.results[0]!.parentLocation).toEqual(expect.any(String));
    expect(body.results[0]).not.toHaveProperty('password');
    expect(body.meta.hasNextPage).toBe(false);
  });

  it('searches name and e-mail ignoring case and accents', async () => {
    const byName = await get('/usermain/?search=lucia%20perez');
    expect((byName.json() as { results: { id: number }[] }).results.map((row) => row.id)).toEqual([adminB]);
    const byEmail = await get('/siteusers/?search=OSCAR.RAMIREZ');
    expect((byEmail.json() as { results: { name: string }[] }).results.map((row) => row.name)).toEqual(['Óscar Ramírez']);
  });

  it('filters by entity type, department, municipality and group', async () => {
    const ids = async (query: string) => ((await get(`/usermain/?${query}`)).json() as { results: { id: number }[] }).results.map((row) => row.id);
    expect(await ids(`siteTypeId=${siteA.siteTypeId}`)).toEqual([adminA]);
    expect(await ids(`parentLocationId=${siteB.parentLocationId}`)).toEqual([adminB]);
    expect(await ids(`locationId=${siteA.locationId}`)).toEqual([adminA]);
    expect(await ids(`groupID=${groupId}`)).toEqual([adminB]);
    expect(await ids(`parentLocationId=${siteA.parentLocationId}&groupID=${groupId}`)).toEqual([]);
    const bad = await get('/usermain/?groupID=abc');
    expect(bad.statusCode).toBe(400);
    expect(messages(bad).groupID).toEqual(expect.any(String));
  });

  it('site users: only type 3, newest first', async () => {
    const body = (await get('/siteusers/')).json() as { results: { name: string; permissions: unknown[] }[] };
    expect(body.results.map((row) => row.name)).toEqual(['Óscar Ramírez', 'José Martínez']);
  });

  it('pages by 20', async () => {
    for (let i = 0; i < 21; i += 1) await insertUser({ type: 3, name: `Usuario ${i}`, email: `usuario${i}@correo.example.co`, siteId: siteA.id, createdDaysAgo: 30 + i });
    const first = (await get('/siteusers/')).json() as { results: unknown[]; meta: { hasNextPage: boolean } };
    expect(first.results).toHaveLength(20);
    expect(first.meta.hasNextPage).toBe(true);
    const second = (await get('/siteusers/?page=2')).json() as { results: unknown[]; meta: { hasNextPage: boolean } };
    expect(second.results).toHaveLength(3);
    expect(second.meta.hasNextPage).toBe(false);
  });

  it('the site-permission catalogue is a table', async () => {
    const body = (await get('/sitepermissions/')).json() as { results: { sitePermissionID: number; name: string }[] };
    expect(body.results.map((row) => row.name)).toEqual(['Noticias', 'Eventos', 'Transparencia', 'PQRDS', 'Trámites', 'Galería']);
  });
});

describe('permissions (spec 01 §6)', () => {
  it('Reports reads administrators and site users, and cannot change anyone', async () => {
    expect((await get('/usermain/', reportsToken)).statusCode).toBe(200);
    expect((await get(`/usermain/${adminA}`, reportsToken)).statusCode).toBe(200);
    expect((await get('/siteusers/', reportsToken)).statusCode).toBe(200);
    expect((await send('PUT', `/usermain/${adminA}`, validAdmin(), reportsToken)).statusCode).toBe(403);
    expect((await send('PUT', `/siteusers/${siteA.alias}/${adminA}`, validAdmin(), reportsToken)).statusCode).toBe(403);
    expect((await send('POST', '/siteusers/', { name: 'X' }, reportsToken)).statusCode).toBe(403);
  });

  it('other permissions read nothing; no session is 401', async () => {
    expect((await get('/usermain/', sitesToken)).statusCode).toBe(403);
    expect((await get('/siteusers/', sitesToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${API}/usermain/` })).statusCode).toBe(401);
  });
});

describe('administrator update (PUT /usermain/{id}, PUT /siteusers/{alias}/{id})', () => {
  it('saves the fields, hashes the password and audits without it', async () => {
    const response = await send('PUT', `/usermain/${adminA}`, { ...validAdmin(), password: 'secreto1', confirmPassword: 'secreto1' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Ana María Restrepo', email: 'ana.restrepo@alcaldia.gov.co', genderId: 1, birthDate: '1985-06-15', adminType: 'WebMaster' });
    expect(body).not.toHaveProperty('password');
    expect(body.permissions).toEqual([
      { sitePermissionID: 1, name: 'Noticias', enabled: true },
      { sitePermissionID: 2, name: 'Eventos', enabled: false },
      { sitePermissionID: 3, name: 'Transparencia', enabled: true },
      { sitePermissionID: 4, name: 'PQRDS', enabled: false },
      { sitePermissionID: 5, name: 'Trámites', enabled: false },
      { sitePermissionID: 6, name: 'Galería', enabled: false },
    ]);
    const [stored] = await rows<{ password_hash: string }>(sql`select password_hash from users where id = ${adminA}`);
    expect(await verifyPassword(stored!.password_hash, 'secreto1')).toBe(true);
    const [audit] = await rows<{ after: unknown }>(sql`select after from audit_log where resource = 'administrators' and record_id = ${String(adminA)} order by id desc limit 1`);
    expect(JSON.stringify(audit!.after)).not.toContain('argon2');
  });

  it('an empty password keeps the current one', async () => {
    const [before] = await rows<{ password_hash: string }>(sql`select password_hash from users where id = ${adminA}`);
    expect((await send('PUT', `/usermain/${adminA}`, { ...validAdmin(), password: '', confirmPassword: '' })).statusCode).toBe(200);
    const [after] = await rows<{ password_hash: string }>(sql`select password_hash from users where id = ${adminA}`);
    expect(after!.password_hash).toBe(before!.password_hash);
  });

  it.each([
    ['name', { name: '' }, V.name_required],
    ['name', { name: 'a'.repeat(101) }, V.name_max],
    ['email', { email: '' }, V.email_required],
    ['email', { email: `${'a'.repeat(140)}@correo.gov.co` }, V.email_max],
    ['email', { email: 'no-es-correo' }, V.email_invalid],
    ['genderId', { genderId: null }, V.gender_required],
    ['genderId', { genderId: 7 }, V.gender_required],
    ['birthDate', { birthDate: '' }, V.birth_date_required],
    ['birthDate', { birthDate: '1927-12-31' }, V.birth_date_too_early],
    ['birthDate', { birthDate: '2020-02-30' }, V.birth_date_invalid],
    ['password', { password: 'abc', confirmPassword: 'abc' }, V.password_min],
    ['password', { password: 'a'.repeat(51), confirmPassword: 'a'.repeat(51) }, V.password_max],
    ['confirmPassword', { password: 'secreto1', confirmPassword: 'secreto2' }, V.password_mismatch],
    ['permissions', { permissions: permissionsOn() }, V.permissions_required],
    ['permissions', { permissions: [] }, V.permissions_required],
    ['adminType', { adminType: 'Alcalde' }, undefined],
  ])('refuses %s %j', async (target, change, message) => {
    const response = await send('PUT', `/usermain/${adminA}`, { ...validAdmin(), ...change });
    expect(response.statusCode).toBe(400);
    const details = messages(response);
    if (message) expect(details[target]).toBe(message);
    else expect(details[target]).toEqual(expect.any(String));
  });

  it('needs 13 years: the last allowed day passes, the next one does not', async () => {
    const latest = latestBirthDate();
    expect((await send('PUT', `/usermain/${adminA}`, { ...validAdmin(), birthDate: latest })).statusCode).toBe(200);
    const next = new Date(`${latest}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const response = await send('PUT', `/usermain/${adminA}`, { ...validAdmin(), birthDate: next.toISOString().slice(0, 10) });
    expect(response.statusCode).toBe(400);
    expect(messages(response).birthDate).toBe(V.birth_date_too_young);
  });

  it('refuses a permission outside the catalogue', async () => {
    const response = await send('PUT', `/usermain/${adminA}`, { ...validAdmin(), permissions: [{ sitePermissionID: 99, enabled: true }] });
    expect(response.statusCode).toBe(400);
    expect(messages(response).permissions).toBe(V.permissions_unknown);
  });

  it('sets the external and inactive flags', async () => {
    const response = await send('PUT', `/siteusers/${siteB.alias}/${adminB}`, { ...validAdmin(), isGuest: true, deleted: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isGuest: true, deleted: true, siteId: siteB.id });
  });

  it('the alias path only reaches the administrators of that site', async () => {
    expect((await send('PUT', `/siteusers/${siteA.alias}/${adminB}`, validAdmin())).statusCode).toBe(404);
    expect((await send('PUT', `/siteusers/no-existe-este-alias/${adminB}`, validAdmin())).statusCode).toBe(404);
    expect((await send('PUT', `/siteusers/${encodeURIComponent('alias con espacios')}/${adminB}`, validAdmin())).statusCode).toBe(404);
    const [siteUser] = await rows<{ id: number }>(sql`select id from users where user_type_id = 3 limit 1`);
    expect((await send('PUT', `/usermain/${siteUser!.id}`, validAdmin())).statusCode).toBe(404);
    expect((await get(`/usermain/${siteUser!.id}`)).statusCode).toBe(404);
  });
});

describe('site users (POST /siteusers/, GET/PUT /siteuser/{id})', () => {
  const countUsers = async (siteId: number) => Number((await rows<{ c: number }>(sql`select count_users as c from sites where id = ${siteId}`))[0]!.c);
  const validSiteUser = () => ({
    name: 'Valentina Castro',
    email: 'valentina.castro@correo.example.co',
    siteId: siteB.id,
    loa: 2,
    genderId: null,
    birthDate: '1999-03-01',
    permissions: permissionsOn(2),
  });

  const realCount = async (siteId: number) =>
    Number((await rows<{ c: number }>(sql`select count(*)::int as c from users where site_id = ${siteId} and user_type_id = 3 and not deleted`))[0]!.c);

  it('creates one, and countUsers follows; moving it moves the count', async () => {
    // The list tests inserted rows directly (no hook): start from the real numbers.
    await t.database.db.execute(
      sql`update sites s set count_users = (select count(*)::int from users u where u.site_id = s.id and u.user_type_id = 3 and not u.deleted)`,
    );
    const beforeA = await countUsers(siteA.id);
    const beforeB = await countUsers(siteB.id);
    const created = await send('POST', '/siteusers/', validSiteUser());
    expect(created.statusCode).toBe(201);
    const record = created.json() as { id: number; genderId: number | null; siteName: string };
    expect(record.genderId).toBeNull();
    expect(await countUsers(siteB.id)).toBe(beforeB + 1);
    const read = await get(`/siteuser/${record.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ name: 'Valentina Castro', loa: 2, siteId: siteB.id });
    const moved = await send('PUT', `/siteuser/${record.id}`, { ...validSiteUser(), siteId: siteA.id, genderId: 2 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ siteId: siteA.id, genderId: 2 });
    expect(await countUsers(siteB.id)).toBe(beforeB);
    expect(await countUsers(siteA.id)).toBe(beforeA + 1);
    expect(await countUsers(siteA.id)).toBe(await realCount(siteA.id));
  });

  it('two creations on one site at once both count', async () => {
    const before = await countUsers(siteB.id);
    const results = await Promise.all([
      send('POST', '/siteusers/', { ...validSiteUser(), email: 'uno@correo.example.co' }),
      send('POST', '/siteusers/', { ...validSiteUser(), email: 'dos@correo.example.co' }),
    ]);
    expect(results.map((response) => response.statusCode)).toEqual([201, 201]);
    expect(await countUsers(siteB.id)).toBe(before + 2);
  });

  it.each([
    ['permissions', { permissions: permissionsOn() }, V.site_user_permissions],
    ['siteId', { siteId: null }, V.site_required],
    ['siteId', { siteId: 999999 }, V.site_unknown],
    ['siteId', { siteId: 99999999999 }, V.site_unknown],
    ['genderId', { genderId: 5 }, V.gender_required],
    ['loa', { loa: 9 }, V.loa_invalid],
    ['name', { name: '' }, V.name_required],
    ['email', { email: 'x' }, V.email_invalid],
    ['birthDate', { birthDate: '2030-01-01' }, V.birth_date_too_young],
  ])('refuses %s %j', async (target, change, message) => {
    const response = await send('POST', '/siteusers/', { ...validSiteUser(), ...change });
    expect(response.statusCode).toBe(400);
    expect(messages(response)[target]).toBe(message);
  });

  it('an administrator is not a site user', async () => {
    expect((await get(`/siteuser/${adminA}`)).statusCode).toBe(404);
    expect((await send('PUT', `/siteuser/${adminA}`, validSiteUser())).statusCode).toBe(404);
  });
});

describe('exports', () => {
  it('POST /exportmainuser/ streams every matching administrator with the same filters', async () => {
    for (let i = 0; i < 30; i += 1) await insertUser({ type: 1, name: `Admin ${i}`, email: `admin${i}@entidad.gov.co`, siteId: siteB.id, createdDaysAgo: 50 + i });
    const all = await send('POST', '/exportmainuser/', {});
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toContain('text/csv');
    const lines = all.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(1 + 32);
    expect(lines[0]).toContain('Correo electrónico');
    const filtered = await send('POST', '/exportmainuser/', { parentLocationId: siteA.parentLocationId, search: 'restrepo' });
    const filteredLines = filtered.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(filteredLines).toHaveLength(2);
    expect(filteredLines[1]).toContain('ana.restrepo@alcaldia.gov.co');
    expect((await send('POST', '/exportmainuser/', { format: 'xlsx' })).headers['content-type']).toContain('spreadsheetml');
    expect((await send('POST', '/exportmainuser/', {}, reportsToken)).statusCode).toBe(200);
    expect((await send('POST', '/exportmainuser/', {}, sitesToken)).statusCode).toBe(403);
    expect((await send('POST', '/exportmainuser/', { groupID: 'x' })).statusCode).toBe(400);
  });

  it('POST /siteusers/export/ runs a job that writes every row; GET downloads it when done', async () => {
    const [{ total }] = (await rows<{ total: number }>(sql`select count(*)::int as total from users where user_type_id = 3`)) as [{ total: number }];
    const started = await send('POST', '/siteusers/export/', {}, reportsToken);
    expect(started.statusCode).toBe(202);
    const { jobId, fileName } = started.json() as { jobId: number; fileName: string };
    expect(fileName).toMatch(/^usuarios-\d{4}-\d{2}-\d{2}-[0-9a-f]+\.csv$/);
    const early = await get(`/siteusers/export/?fileName=${fileName}&fileType=csv`, reportsToken);
    expect(early.statusCode).toBe(409);
    expect((early.json() as { error: { message: string } }).error.message).toBe('El archivo aún se está generando: espera a que termine.');
    await createJobRunner(t.context, { instanceId: 'people-export', log: () => {} }).drain();
    const job = (await get(`/jobs/${jobId}`, reportsToken)).json() as { status: string; progress: { done: number; total: number } };
    expect(job.status).toBe('done');
    expect(job.progress).toMatchObject({ done: total, total });
    const file = await get(`/siteusers/export/?fileName=${fileName}&fileType=csv`, reportsToken);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1 + total);
    expect((await get(`/siteusers/export/?fileName=${fileName}&fileType=csv`, sitesToken)).statusCode).toBe(403);
    expect((await get(`/siteusers/export/?fileName=otro-2026-01-01-abc.csv&fileType=csv`)).statusCode).toBe(404);
    expect((await get(`/siteusers/export/?fileName=../../etc/passwd&fileType=csv`)).statusCode).toBe(404);

    // A day later the purge deletes the file once; its download is then 404.
    expect(await purgeBackgroundExports(t.database, fileStorageOf(t.context), { olderThanHours: 24 })).toBe(0);
    await t.database.db.execute(sql`update jobs set finished_at = now() - interval '25 hours' where id = ${jobId}`);
    expect(await purgeBackgroundExports(t.database, fileStorageOf(t.context), { olderThanHours: 24 })).toBe(1);
    expect(await purgeBackgroundExports(t.database, fileStorageOf(t.context), { olderThanHours: 24 })).toBe(0);
    const gone = await get(`/siteusers/export/?fileName=${fileName}&fileType=csv`, reportsToken);
    expect(gone.statusCode).toBe(404);
    expect((gone.json() as { error: { message: string } }).error.message).toBe('Este archivo ya no se encuentra para descarga');
  });

  it('the job exports with the filters it was given', async () => {
    const started = await send('POST', '/siteusers/export/', { siteTypeId: siteB.siteTypeId, search: 'oscar' });
    const { fileName } = started.json() as { fileName: string };
    await createJobRunner(t.context, { instanceId: 'people-export-2', log: () => {} }).drain();
    const file = await get(`/siteusers/export/?fileName=${fileName}&fileType=csv`);
    const lines = file.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Óscar Ramírez');
    expect((await send('POST', '/siteusers/export/', { locationId: 'abc' })).statusCode).toBe(400);
  });
});
