/**
 * Hand routes: protocol work (an example download and an uploaded file checked into a job).
 *
 * The bulk portal file (spec 01 §7 `GET, POST /sitesfile/`; docs/decisions/0018-loads-and-bulk-site-update.md):
 * `GET /sitesfile/` the example file with the columns; `POST /sitesfile/ { fileID }` checks an uploaded portal file
 * and answers the check panel; `POST /sitesfile/ { fileID, save: true }` checks it again and inserts every new portal
 * in one transaction ('Guardar entidades'). Access: the site declaration's write permission (spec 01 §6 loading actions).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sitesResource } from '../../resources/sites';
import { writeAudit } from '../audit/audit';
import { fileStorageOf } from '../files';
import { apiRoute } from '../http/route';
import { checkPanel, checkPortalFile, insertPortals, portalFileKey, readLines, saveRefusal } from '../sites/bulkFile';

const SITES_WRITE = { permissions: sitesResource.permissions.write };
/** Served by the client build too, at /content/files/ejemplo-entidades.csv. */
export const EXAMPLE_FILE = path.resolve(import.meta.dirname, '../../public/content/files/ejemplo-entidades.csv');

const checkSchema = {
  type: 'object',
  properties: {
    fileID: { type: 'string' },
    newPortals: { type: 'integer' },
    errorCount: { type: 'integer' },
    errors: { type: 'array', items: { type: 'object', properties: { line: { type: 'integer' }, description: { type: 'string' } } } },
    canSave: { type: 'boolean' },
  },
};
const savedSchema = { type: 'object', properties: { fileID: { type: 'string' }, inserted: { type: 'integer' } } };

export function registerSitesFileRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;

  apiRoute(app, {
    method: 'GET',
    url: '/sitesfile/',
    access: SITES_WRITE,
    summary: 'Archivo de ejemplo de la carga de entidades (csv con los encabezados y dos líneas)',
    tags: ['Portales'],
    documentedResponses: { 200: { description: 'Archivo csv', content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } } } },
    handler: async (_request, reply) => {
      const content = await fs.readFile(EXAMPLE_FILE);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="ejemplo-entidades.csv"').send(content);
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/sitesfile/',
    access: SITES_WRITE,
    summary:
      'Revisa un archivo de entidades subido (POST /uploadfiles/elementType=portalFile) y responde el panel: nuevos portales, errores por línea; con save=true lo revisa otra vez y guarda todos los portales o ninguno',
    tags: ['Portales'],
    schema: {
      body: {
        type: 'object',
        properties: { fileID: { type: 'string', description: 'fileID de la carga' }, save: { type: 'boolean', description: 'true: guardar las entidades' } },
      },
    },
    documentedResponses: { 200: checkSchema, 201: savedSchema },
    errorResponses: [409],
    handler: async (request, reply) => {
      const body = (request.body ?? {}) as { fileID?: unknown; save?: unknown };
      const file = await portalFileKey(database.db, body.fileID);
      const stream = await fileStorageOf(app.ctx).get(file.key);
      if (!stream) throw saveRefusal('nothing_new');
      const lines = await readLines(stream);
      if (body.save !== true) return checkPanel(file.id, await checkPortalFile(database.db, lines));
      const inserted = await database.db.transaction(async (tx) => {
        const checked = await checkPortalFile(tx, lines);
        if (checked.errors.length > 0) throw saveRefusal('has_errors');
        if (checked.sites.length === 0) throw saveRefusal('nothing_new');
        const count = await insertPortals(tx, checked.sites);
        await writeAudit(tx, request, { action: 'bulk_file', resource: 'sites', recordId: file.id, after: { fileID: file.id, inserted: count } });
        return count;
      });
      return reply.status(201).send({ fileID: file.id, inserted });
    },
  });
}
