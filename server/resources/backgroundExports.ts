/**
 * Background exports (`exports: [{ …, background: true }]`, resources/types.ts): the list's export written by a job
 * into the file storage instead of streamed in the answer, for lists too long to wait for (spec 01 §7
 * `POST /siteusers/export/` then `GET /siteusers/export/?fileName=&fileType=csv`).
 *
 * - `POST <path>` (filters in the JSON body, the list's names) checks the filters (Spanish 400 at once), queues the job
 *   `export.<resource>` and answers 202 `{ jobId, fileName }`.
 * - The job reads the rows in keyset batches (server/exports/listExport.ts `exportBatches`: constant memory at any size),
 *   streams the CSV into the storage under `exports/<fileName>` and reports `progress(done, total)` after each batch
 *   (`GET /jobs/{id}`, `<JobProgress>`).
 * - `GET <path>?fileName=&fileType=` downloads the file once its job is done: 409 while it is being written, 404 for a
 *   name no finished export of this resource wrote.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { PERMISSIONS, type PermissionName } from '../../resources/permissions';
import type { ResourceDeclaration, ResourceExport } from '../../resources/types';
import { enqueueJob, jobOrigin, registerJobKind, type JobKind } from '../jobs';
import { fileStorageOf, type FileStorage } from '../files';
import type { Database } from '../db/connection';
import { ApiError, badArgument } from '../http/errors';
import { apiRoute } from '../http/route';
import { t } from '../i18n';
import { SqlParams } from '../lists/listQuery';
import {
  contentDisposition,
  csvStream,
  EXPORT_CONTENT_TYPES,
  exportBatches,
  exportFilters,
  exportQuerySchema,
  readExportFormat,
  readExportQuery,
  type ExportFormat,
} from '../exports/listExport';
import { resourceAccess } from './access';
import { resourceExportSource, type ExportRow } from './exports';
import { queryRows } from '../db/rows';

type Row = ExportRow;

export interface BackgroundExportPayload {
  filters: Record<string, unknown>;
  format: ExportFormat;
  fileName: string;
}

/** `usuarios-2026-11-23-1a2b3c4d.csv`: the stem (ASCII, lower case), the day, a random part and the extension. */
export function backgroundExportFileName(stem: string, format: ExportFormat, now = new Date(), random = randomBytes(6).toString('hex')): string {
  const ascii = stem
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${ascii || 'exportacion'}-${now.toISOString().slice(0, 10)}-${random}.${format}`;
}

/** A name `backgroundExportFileName` may have written: nothing else reaches the storage. */
export const BACKGROUND_EXPORT_FILE = /^[a-z0-9][a-z0-9-]{0,120}\.(csv|xlsx)$/;

const storageKey = (fileName: string) => `exports/${fileName}`;
export const backgroundExportJobKind = (declaration: Pick<ResourceDeclaration, 'name'>) => `export.${declaration.name.toLowerCase()}`;

// One kind per resource and process: registering the same definition again (another app in the same process) is allowed.
const kinds = new Map<string, JobKind<BackgroundExportPayload>>();

function exportKind(declaration: ResourceDeclaration, declared: ResourceExport): JobKind<BackgroundExportPayload> {
  const name = backgroundExportJobKind(declaration);
  const known = kinds.get(name);
  if (known) return known;
  const access = declared.permissions ?? declaration.permissions.read;
  const permissions: readonly PermissionName[] = access === 'authenticated' ? PERMISSIONS.map((permission) => permission.name) : access;
  const kind: JobKind<BackgroundExportPayload> = {
    permissions,
    async run(ctx) {
      const source = resourceExportSource(declaration, declared);
      const query = readExportQuery(source.spec, ctx.job.payload.filters);
      const params = new SqlParams();
      const [counted] = await ctx.app.database.query<{ total: number }>(source.countSql(query, params), params.values);
      const total = Number(counted?.total ?? 0);
      await ctx.progress(0, total);
      let done = 0;
      const storage = fileStorageOf(ctx.app);
      const key = storageKey(ctx.job.payload.fileName);
      async function* batches(): AsyncGenerator<Row[]> {
        for await (const rows of exportBatches<Row>(ctx.app.database, source.spec, query, source.sql)) {
          yield rows;
          done += rows.length;
          await ctx.progress(done, total);
        }
      }
      await storage.put(key, csvStream(source.columns, batches()));
      return { fileName: ctx.job.payload.fileName, rows: done };
    },
  };
  kinds.set(name, kind);
  registerJobKind(name, kind);
  return kind;
}

const fileSchema = { type: 'string', format: 'binary' };

/** Registers each declared background export of the resource (the streamed ones: server/resources/exports.ts). */
export function registerBackgroundExports(app: FastifyInstance, declaration: ResourceDeclaration): void {
  for (const declared of declaration.exports ?? []) if (declared.background) registerBackgroundExport(app, declaration, declared);
}

function registerBackgroundExport(app: FastifyInstance, declaration: ResourceDeclaration, declared: ResourceExport): void {
  if (declared.formats.some((format) => format !== 'csv')) throw new Error(`resource ${declaration.name}: a background export writes CSV only`);
  exportKind(declaration, declared);
  const access = resourceAccess(declared.permissions ?? declaration.permissions.read);
  const source = resourceExportSource(declaration, declared);
  const title = t(declaration.title);

  apiRoute(app, {
    method: 'POST',
    url: declared.path,
    access,
    summary: `${title}: generar el archivo (CSV) con los filtros de la lista, en segundo plano; el avance en GET /jobs/{id}`,
    operationId: `start${declaration.name.charAt(0).toUpperCase()}${declaration.name.slice(1)}Export`,
    tags: [declaration.name],
    schema: { body: { ...exportQuerySchema(source.spec), description: 'Filtros de la lista (los mismos nombres que su consulta)' } },
    documentedResponses: {
      202: {
        type: 'object',
        properties: {
          jobId: { type: 'integer', description: 'El trabajo que escribe el archivo (GET /jobs/{id})' },
          fileName: { type: 'string', description: 'El nombre con que se descarga cuando el trabajo termina' },
        },
      },
    },
    handler: async (request, reply) => {
      const filters = exportFilters('POST', {}, request.body);
      readExportQuery(source.spec, filters); // a refused filter answers 400 now, not as a failed job
      const format = readExportFormat(filters, declared.formats);
      const fileName = backgroundExportFileName(t(declared.fileName), format);
      const jobId = await enqueueJob(app.ctx.database.db, {
        kind: backgroundExportJobKind(declaration),
        payload: { filters, format, fileName } satisfies BackgroundExportPayload,
        ...jobOrigin(request),
      });
      return reply.status(202).send({ jobId, fileName });
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: declared.path,
    access,
    summary: `${title}: descargar el archivo generado (cuando su trabajo terminó)`,
    operationId: `download${declaration.name.charAt(0).toUpperCase()}${declaration.name.slice(1)}Export`,
    tags: [declaration.name],
    errorResponses: [409],
    schema: {
      querystring: {
        type: 'object',
        properties: {
          fileName: { type: 'string', description: 'El nombre que respondió el POST' },
          fileType: { type: 'string', description: `Formato: ${declared.formats.join(', ')}` },
        },
      },
    },
    documentedResponses: { 200: { description: t('exports.response'), content: { 'text/csv': { schema: fileSchema } } } },
    handler: async (request, reply) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const fileName = typeof query.fileName === 'string' ? query.fileName.trim() : '';
      const fileType = typeof query.fileType === 'string' && query.fileType !== '' ? query.fileType.trim().toLowerCase() : 'csv';
      if (!declared.formats.includes(fileType as ExportFormat)) throw badArgument('fileType', 'exports.format.invalid');
      if (!BACKGROUND_EXPORT_FILE.test(fileName) || !fileName.endsWith(`.${fileType}`)) throw missingFile();
      const rows = await queryRows<{ status: string }>(
        app.ctx.database.db,
        sql`select status from jobs where kind = ${backgroundExportJobKind(declaration)} and payload->>'fileName' = ${fileName} order by id desc limit 1`,
      );
      const status = rows[0]?.status;
      if (status === 'queued' || status === 'running' || status === 'retry') {
        throw new ApiError(409, 'NotReady', t('exports.background.not_ready'), [{ code: 'NotReady', target: 'fileName', message: t('exports.background.not_ready') }]);
      }
      const stream = status === 'done' ? await fileStorageOf(app.ctx).get(storageKey(fileName)) : null;
      if (!stream) throw missingFile();
      return reply
        .header('content-type', EXPORT_CONTENT_TYPES[fileType as ExportFormat])
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}

/**
 * Deletes the files of background exports finished more than `olderThanHours` ago (run with the orphan-file purge,
 * server/main.ts) and marks their jobs `result.purged`, so each file is deleted once; its download then answers 404.
 */
export async function purgeBackgroundExports(
  database: Pick<Database, 'query'>,
  storage: FileStorage,
  options: { olderThanHours: number; limit?: number },
): Promise<number> {
  const old = await database.query<{ id: number; fileName: string | null }>(
    `select id, payload->>'fileName' as "fileName" from jobs
      where kind like 'export.%' and status = 'done' and finished_at < now() - make_interval(hours => $1::int)
        and coalesce((result->>'purged')::boolean, false) = false
      order by id limit $2::int`,
    [Math.max(0, Math.floor(options.olderThanHours)), options.limit ?? 500],
  );
  for (const job of old) {
    if (job.fileName && BACKGROUND_EXPORT_FILE.test(job.fileName)) await storage.delete(storageKey(job.fileName));
    await database.query(`update jobs set result = coalesce(result, '{}'::jsonb) || '{"purged": true}'::jsonb where id = $1`, [job.id]);
  }
  return old.length;
}

function missingFile(): ApiError {
  return badArgument('fileName', 'exports.background.missing', 'NotFound', 404);
}
