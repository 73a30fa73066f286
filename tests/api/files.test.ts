/**
 * Uploaded files (server/files, POST /api/v1/uploadfiles/{param}, GET /api/v1/files/{id}…): the spec's upload
 * rules (empty, too big with its n, wrong type judged by content), names sanitised, images re-encoded without
 * metadata and with derived copies, SVG sanitised, serving with type and disposition, and references that keep
 * files from the orphan purge. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { PERMISSION_NAMES } from '../../resources/permissions';
import { attachFiles, defineElementType, detachFiles, elementTypes, fileStorageOf, filesOf, purgeOrphanFiles, setFiles } from '../../server/files';
import { ApiError } from '../../server/http/errors';
import { multipart } from '../helpers/multipart';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1';
let t: TestApp;
/** A superadmin holding every permission: the upload rules below are the same for every element type's area. */
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor(PERMISSION_NAMES);
});
afterAll(async () => {
  await t?.close();
});

function upload(elementType: string, filename: string, content: Buffer, options: { filenameStar?: boolean; token?: string | null } = {}) {
  const body = multipart(filename, content, options);
  const auth = options.token === null ? {} : bearer(options.token ?? token);
  return t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=${elementType}`, payload: body.payload, headers: { ...body.headers, ...auth } });
}

interface Uploaded {
  fileID: string;
  filePath: string;
  isImage: boolean;
  name: string;
  thumbnail: string | null;
  fileBigImage: string | null;
}

const png = (width = 40, height = 30) => sharp({ create: { width, height, channels: 3, background: '#c00' } }).png().toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function xlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Hoja').addRow(['código', 'orden']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function fileRow(id: string) {
  const [row] = await t.database.query<{ storage_key: string; thumbnail_key: string | null; big_image_key: string | null; name: string; mime: string }>(
    'select storage_key, thumbnail_key, big_image_key, name, mime from files where id = $1',
    [id],
  );
  return row;
}

const storedPath = (key: string) => path.join(t.config.dataDir, 'uploads', ...key.split('/'));

describe('upload rules (spec 02/03 Uploads)', () => {
  it('refuses an empty file with the spec message', async () => {
    const response = await upload('document', 'vacio.pdf', Buffer.alloc(0));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('El archivo que intentas subir no tiene peso');
    expect(response.json().error.details[0].target).toBe('file');
  });

  it("refuses a file over the element type's cap with its n, and the default cap with its own sentence", async () => {
    const overFive = Buffer.concat([await xlsx(), Buffer.alloc(5 * 1024 * 1024)]);
    const bulk = await upload('bulkExcel', 'carga.xlsx', overFive);
    expect(bulk.statusCode).toBe(413);
    expect(bulk.json().error).toMatchObject({ code: 'PayloadTooLarge', message: 'Sube archivos de menos de 5 Mb' });

    const overTen = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const document = await upload('document', 'grande.pdf', overTen);
    expect(document.statusCode).toBe(413);
    expect(document.json().error.message).toBe('El tamaño de los archivos no pueden exceder los 10MB de tamaño');
    const [{ n }] = await t.database.query<{ n: number }>('select count(*)::int as n from files');
    expect(n).toBe(0);
  });

  it.each([
    ['a .pdf name with PNG bytes', 'document', 'informe.pdf', async () => png()],
    ['an .exe renamed .pdf', 'document', 'factura.pdf', async () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)])],
    ['an HTML page named .jpg', 'image', 'foto.jpg', async () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['a PNG named .csv', 'portalFile', 'portales.csv', async () => png()],
    ['a PDF named .xlsx', 'bulkExcel', 'carga.xlsx', async () => pdf],
    ['an extension the element type does not allow', 'bulkExcel', 'carga.pdf', async () => pdf],
    ['a file without extension', 'document', 'informe', async () => pdf],
    ['an SVG where only bitmaps are allowed', 'image', 'dibujo.svg', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
  ])('refuses %s by its content', async (_label, elementType, name, content) => {
    const response = await upload(elementType, name, await content());
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('No puedes subir este tipo de archivo.');
  });

  it('accepts a real PDF, an xlsx and a Latin-1 CSV as downloads', async () => {
    const document = await upload('document', 'informe.pdf', pdf);
    expect(document.statusCode).toBe(201);
    expect(document.json()).toMatchObject({ isImage: false, name: 'informe.pdf', thumbnail: null, fileBigImage: null });

    const bulk = await upload('bulkExcel', 'carga.xlsx', await xlsx());
    expect(bulk.statusCode).toBe(201);
    const csv = await upload('portalFile', 'portales.csv', Buffer.from('nombre;municipio\r\nAlcald\xeda;Bogot\xe1\r\n', 'latin1'));
    expect(csv.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: (csv.json() as Uploaded).filePath, headers: bearer(token) });
    expect(served.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(served.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('refuses an unknown element type, a body that is not multipart, a missing file and a caller without a token', async () => {
    const unknown = await upload('nada', 'informe.pdf', pdf);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'NotFound', message: 'No se puede subir este archivo' });
    const json = await t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=document`, payload: {}, headers: bearer(token) });
    expect(json.statusCode).toBe(400);
    const boundary = 'vacio';
    const noFile = await t.app.inject({
      method: 'POST',
      url: `${API}/uploadfiles/document`,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="otro"\r\n\r\nx\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe('Debes adjuntar un archivo.');
    const anonymous = await upload('document', 'informe.pdf', pdf, { token: null });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses malformed multipart with 400 in Spanish and records nothing: no boundary, a body cut short, another field name, a second file part', async () => {
    const [{ count: before }] = await t.database.query<{ count: number }>('select count(*)::int as count from files');
    const good = multipart('informe.pdf', pdf);
    const send = (body: { payload: Buffer; headers: Record<string, string> }) =>
      t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=document`, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
    const malformed = 'El archivo no llegó completo o el formulario no es válido. Intenta subirlo de nuevo.';
    const oneFile = 'Adjunta un solo archivo, en el campo file.';
    const cases: Array<[string, ReturnType<typeof send>, string]> = [
      ['no boundary', send({ payload: good.payload, headers: { 'content-type': 'multipart/form-data' } }), malformed],
      ['cut in the file', send({ ...good, payload: good.payload.subarray(0, good.payload.length - 40) }), malformed],
      ['cut in the part header', send({ ...good, payload: good.payload.subarray(0, 60) }), malformed],
      ['another field name', send(multipart('informe.pdf', pdf, { fieldName: 'documento' })), oneFile],
      ['a second file part', send(multipart('informe.pdf', pdf, { secondFile: true })), oneFile],
    ];
    for (const [name, pending, message] of cases) {
      const response = await pending;
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({ error: { code: 'BadArgument', message, details: [{ code: 'BadArgument', target: 'file', message }] } });
    }
    const [{ count: after }] = await t.database.query<{ count: number }>('select count(*)::int as count from files');
    expect(after).toBe(before);
  });

  it('keeps multipart bodies out of every other route', async () => {
    const body = multipart('x.pdf', pdf);
    const response = await t.app.inject({ method: 'POST', url: `${API}/auth`, payload: body.payload, headers: body.headers });
    expect(response.statusCode).toBe(415);
  });
});

describe('names', () => {
  it.each([
    ['../../x.pdf', 'x.pdf', false],
    ['..\\..\\windows\\informe.pdf', 'informe.pdf', false],
    ['linea\tnueva\u0000\u0007\u001b.pdf', 'lineanueva.pdf', true],
    ['factura\u202Efdp.pdf', 'facturafdp.pdf', true],
  ])('%j is stored as %j', async (sent, expected, filenameStar) => {
    const response = await upload('document', sent, pdf, { filenameStar });
    expect(response.statusCode).toBe(201);
    const answer = response.json() as Uploaded;
    expect(answer.name).toBe(expected);
    const row = (await fileRow(answer.fileID))!;
    expect(row.name).toBe(expected);
    // The stored object's key is generated, never the client's name.
    expect(row.storage_key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    const served = await t.app.inject({ method: 'GET', url: answer.filePath, headers: bearer(token) });
    expect(served.headers['content-disposition']).toBe(`attachment; filename="${expected}"; filename*=UTF-8''${encodeURIComponent(expected)}`);
  });
});

describe('images', () => {
  it('re-encodes a JPEG without its EXIF, with a thumbnail and a big image, served inline', async () => {
    const original = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#08c' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secreto-exif-portales', ImageDescription: 'ubicacion-privada' } })
      .toBuffer();
    expect(original.includes('secreto-exif-portales')).toBe(true);
    const response = await upload('image', 'Foto Año.JPEG', original);
    expect(response.statusCode).toBe(201);
    const answer = response.json() as Uploaded;
    expect(answer).toMatchObject({ isImage: true, name: 'Foto Año.JPEG' });
    expect(answer.filePath).toBe(`${API}/files/${answer.fileID}`);
    expect(answer.thumbnail).toBe(`${answer.filePath}/thumbnail`);
    expect(answer.fileBigImage).toBe(`${answer.filePath}/big`);

    const served = await t.app.inject({ method: 'GET', url: answer.filePath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-disposition']).toMatch(/^inline; /);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes('secreto-exif-portales')).toBe(false);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 2400, 1200]);

    const thumbnail = await t.app.inject({ method: 'GET', url: answer.thumbnail! });
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    const thumbnailSize = await sharp(thumbnail.rawPayload).metadata();
    expect([thumbnailSize.width, thumbnailSize.height]).toEqual([200, 100]);
    const big = await sharp((await t.app.inject({ method: 'GET', url: answer.fileBigImage! })).rawPayload).metadata();
    expect([big.width, big.height]).toEqual([1600, 800]);
  });

  it('turns a PNG with bytes appended (a polyglot) into a plain PNG', async () => {
    const polyglot = Buffer.concat([await png(), Buffer.from('<script>alert(1)</script>PK\u0003\u0004')]);
    const response = await upload('image', 'imagen.png', polyglot);
    expect(response.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: (response.json() as Uploaded).filePath });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.includes('alert(1)')).toBe(false);
  });

  it('refuses bytes that start like a PNG but do not decode', async () => {
    const broken = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(100, 7)]);
    const response = await upload('image', 'roto.png', broken);
    expect(response.statusCode).toBe(400);
    expect(await t.database.query('select 1 from files where name = $1', ['roto.png'])).toEqual([]);
  });

  it('sanitises an SVG (no script, no event handler, no external reference) and rasterises its thumbnail', async () => {
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 50" width="100" height="50" onload="alert('onload')">
  <script>alert('script')</script>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>
  <rect width="100" height="50" fill="url(#g)" onclick="alert('click')"/>
  <image xlink:href="https://evil.example/track.png" width="1" height="1"/>
  <use href="https://evil.example/sprite.svg#icon"/>
  <foreignObject><iframe src="https://evil.example"/></foreignObject>
</svg>`;
    // No element type of the spec's areas takes SVG yet (the footer's signature will): a test type does.
    defineElementType('svgTest', { extensions: ['svg'], permissions: ['Settings'] });
    const response = await upload('svgTest', 'logo.svg', Buffer.from(svg));
    expect(response.statusCode).toBe(201);
    const answer = response.json() as Uploaded;
    const served = await t.app.inject({ method: 'GET', url: answer.filePath, headers: bearer(token) });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.body).toContain('<rect');
    expect(served.body).toContain('fill="url(#g)"');
    expect(served.body).not.toMatch(/alert|onload|onclick|script|evil|foreignObject|iframe/);
    const thumbnail = await t.app.inject({ method: 'GET', url: answer.thumbnail!, headers: bearer(token) });
    expect(thumbnail.headers['content-type']).toBe('image/png');
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(100);
  });
});

describe('serving', () => {
  it("serves an applicant's documents to the portal area only (Sites), never to another area's superadmin", async () => {
    const answer = (await upload('siteRequest', 'cedula.pdf', pdf)).json() as Uploaded;
    const anonymous = await t.app.inject({ method: 'GET', url: answer.filePath });
    expect(anonymous.statusCode).toBe(401);
    for (const permission of ['GlobalBanners', 'Tickets', 'Reports', 'Settings'] as const) {
      const other = await t.app.inject({ method: 'GET', url: answer.filePath, headers: bearer(await t.tokenFor([permission])) });
      expect(other.statusCode, permission).toBe(403);
      expect(other.rawPayload.includes('%PDF')).toBe(false);
    }
    const sites = await t.tokenFor(['Sites']);
    const signedIn = await t.app.inject({ method: 'GET', url: answer.filePath, headers: bearer(sites) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['content-type']).toBe('application/pdf');
    expect(signedIn.headers['content-disposition']).toBe(`attachment; filename="cedula.pdf"; filename*=UTF-8''cedula.pdf`);
    expect(signedIn.headers['x-content-type-options']).toBe('nosniff');
    expect(signedIn.rawPayload.equals(pdf)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `${answer.filePath}/thumbnail`, headers: bearer(sites) })).statusCode).toBe(404);

    for (const url of [`${API}/files/${randomUUID()}`, `${API}/files/no-es-un-id`, `${API}/files/${randomUUID()}/big`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('NotFound');
    }
  });
});

describe('who uploads and reads each element type (its declared permissions)', () => {
  const single = new Map<string, string>();
  beforeAll(async () => {
    for (const permission of PERMISSION_NAMES) single.set(permission, await t.tokenFor([permission]));
  });

  it('uploads a type only with one of its permissions: 403 before the body is read otherwise', async () => {
    for (const elementType of elementTypes()) {
      for (const permission of PERMISSION_NAMES) {
        // A JSON body: with the permission the upload goes on and refuses it (400, not multipart); without it, 403.
        const response = await t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=${elementType.name}`, payload: {}, headers: bearer(single.get(permission)!) });
        expect(response.statusCode, `${elementType.name} ← ${permission}`).toBe(elementType.permissions.includes(permission) ? 400 : 403);
      }
    }
    const refused = await upload('siteRequest', 'ajeno.pdf', pdf, { token: single.get('GlobalBanners')! });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'Forbidden' });
    expect(await t.database.query('select 1 from files where name = $1', ['ajeno.pdf'])).toHaveLength(0);
    expect((await upload('siteRequest', 'ajeno.pdf', pdf, { token: single.get('Sites')! })).statusCode).toBe(201);
  });

  it('reads a stored file with one of its type\'s permissions, or without a session when the type is public', async () => {
    const storage = fileStorageOf(t.context);
    for (const elementType of elementTypes()) {
      const id = randomUUID();
      const key = `matriz/${id}.txt`;
      await storage.put(key, Buffer.from('contenido'));
      await t.database.query(
        `insert into files (id, storage_key, name, mime, extension, size, sha256, element_type) values ($1, $2, 'x.txt', 'text/plain', 'txt', 9, $3, $4)`,
        [id, key, '0'.repeat(64), elementType.name],
      );
      const read = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `${API}/files/${id}`, headers });
      expect((await read()).statusCode, `${elementType.name} anónimo`).toBe(elementType.publicRead ? 200 : 401);
      for (const permission of PERMISSION_NAMES) {
        const allowed = elementType.publicRead || elementType.permissions.includes(permission);
        expect((await read(bearer(single.get(permission)!))).statusCode, `${elementType.name} ← ${permission}`).toBe(allowed ? 200 : 403);
      }
    }
  });

  it('declares the public types and the owners of personal documents', () => {
    const byName = new Map(elementTypes().map((elementType) => [elementType.name, elementType]));
    expect(elementTypes().filter((elementType) => elementType.publicRead).map((elementType) => elementType.name).sort()).toEqual(['banner', 'bannerMobile', 'footerSign', 'govcoLogo', 'image', 'logo', 'policyFile', 'siteRequestText']);
    expect(byName.get('siteRequest')!.permissions).toEqual(['Sites']);
    expect(byName.get('siteComment')!.permissions).toEqual(['Sites']);
    expect(byName.get('banner')!.permissions).toEqual(['GlobalBanners']);
    for (const elementType of elementTypes()) expect(elementType.permissions.length, elementType.name).toBeGreaterThan(0);
  });
});

describe('references and the orphan purge', () => {
  const storage = () => fileStorageOf(t.context);
  const age = (id: string, hours: number) => t.database.query(`update files set created_at = now() - $2::float8 * interval '1 hour' where id = $1`, [id, hours]);

  it('purges old unreferenced files (rows and stored objects) and keeps referenced and recent ones', async () => {
    const orphan = (await upload('image', 'huerfana.png', await png())).json() as Uploaded;
    const kept = (await upload('image', 'usada.png', await png())).json() as Uploaded;
    const recent = (await upload('document', 'reciente.pdf', pdf)).json() as Uploaded;
    await age(orphan.fileID, 48);
    await age(kept.fileID, 48);
    await attachFiles(t.database.db, { resource: 'banners', recordId: 7 }, [kept.fileID]);
    const orphanRow = (await fileRow(orphan.fileID))!;
    expect(fs.existsSync(storedPath(orphanRow.storage_key))).toBe(true);

    await purgeOrphanFiles(t.database, storage(), { olderThanHours: 24 });
    expect(await fileRow(orphan.fileID)).toBeUndefined();
    for (const key of [orphanRow.storage_key, orphanRow.thumbnail_key!, orphanRow.big_image_key!]) expect(fs.existsSync(storedPath(key)), key).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: orphan.filePath })).statusCode).toBe(404);
    expect(await fileRow(kept.fileID)).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: kept.filePath })).statusCode).toBe(200);
    expect(await fileRow(recent.fileID)).toBeDefined();

    // Detached, the file becomes an orphan and goes at the next purge.
    await detachFiles(t.database.db, { resource: 'banners', recordId: 7 });
    await purgeOrphanFiles(t.database, storage(), { olderThanHours: 24 });
    expect(await fileRow(kept.fileID)).toBeUndefined();
  });

  it('the database refuses to delete a referenced file, so a purge racing an attach keeps it', async () => {
    const file = (await upload('document', 'contrato.pdf', pdf)).json() as Uploaded;
    await attachFiles(t.database.db, { resource: 'sites', recordId: '12' }, [file.fileID]);
    await expect(t.database.query('delete from files where id = $1', [file.fileID])).rejects.toThrow();
    // Both at once: the attach and the purge of the (old, until now unreferenced) file.
    const racer = (await upload('document', 'carrera.pdf', pdf)).json() as Uploaded;
    await age(racer.fileID, 48);
    const [attached] = await Promise.allSettled([
      attachFiles(t.database.db, { resource: 'sites', recordId: '13' }, [racer.fileID]),
      purgeOrphanFiles(t.database, storage(), { olderThanHours: 24 }),
    ]);
    const row = await fileRow(racer.fileID);
    const refs = await t.database.query('select 1 from file_refs where file_id = $1', [racer.fileID]);
    // Either the attach won (file and reference kept) or the purge did (attach refused, nothing dangling).
    if (attached.status === 'fulfilled') expect([row !== undefined, refs.length]).toEqual([true, 1]);
    else expect([row, refs.length, (attached.reason as ApiError).statusCode]).toEqual([undefined, 0, 400]);
  });

  it('attaches idempotently, replaces a record’s set, lists it, and refuses unknown files', async () => {
    const a = (await upload('document', 'a.pdf', pdf)).json() as Uploaded;
    const b = (await upload('document', 'b.pdf', pdf)).json() as Uploaded;
    const owner = { resource: 'policies', recordId: 3 };
    await attachFiles(t.database.db, owner, [a.fileID, a.fileID]);
    await attachFiles(t.database.db, owner, [a.fileID]);
    expect(await filesOf(t.database.db, owner)).toEqual([a.fileID]);
    await setFiles(t.database.db, owner, [b.fileID]);
    expect(await filesOf(t.database.db, owner)).toEqual([b.fileID]);
    const refusal = await attachFiles(t.database.db, owner, [randomUUID()]).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).message).toBe('El archivo no existe.');
    await expect(attachFiles(t.database.db, owner, ['no-es-un-id'])).rejects.toBeInstanceOf(ApiError);
  });
});
