/**
 * Hand routes: uploads and job-backed loads. GET /emails/ is the engine's (resources/mailAccounts.ts), GET /govindex/{year}
 * a declared view of the sites (server/loads/govIndexView.ts).
 *
 * The loads of the site list (spec 01 §2, §7: POST /locations/ population, GET /emails/check, GET/POST /emails/,
 * POST /govindex/) and the bulk site update (spec 03: GET /exportsitetoupload,
 * PUT /exportsitetoupload/{id}). A load answers 202 with its job (GET /jobs/{id}); its preview (POST …/preview, same
 * body) answers at once what it would change, writing nothing. Code in server/loads/.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SETTINGS, SITES } from '../../resources/areas';
import { emailPeriodError, govIndexYearError, LOAD_ELEMENT_TYPE, LOAD_JOB_KINDS } from '../../resources/loads';
import { registerListExport } from '../exports/listExport';
import { ApiError, badArgument, ruleRefusal } from '../http/errors';
import { isFileId } from '../files';
import { textParam } from '../http/params';
import { apiRoute } from '../http/route';
import { t } from '../i18n';
import { enqueueJob, jobOrigin } from '../jobs';
import { postgresConstraint, postgresErrorCode, UNIQUE_VIOLATION } from '../resources/dbErrors';
// The loads' job kinds are registered when their module loads.
import { emailLoad, govIndexLoad, populationLoad, previewLoad, type LoadDefinition, type LoadPayload } from '../loads/loads';
import { checkLoadFile, SheetError } from '../loads/sheet';
import { siteUpdateExportColumns, siteUpdateExportSpec, siteUpdateExportSql, updateSitesFromFile, type SiteUpdateExportRow } from '../loads/siteUpdate';

const LOADERS = { permissions: SITES };
const UPDATERS = { permissions: SETTINGS };
const TAGS = ['Cargas'];
const EMAIL_LOAD_INDEX = 'jobs_one_email_load_idx';

const busy = () => badArgument('file', 'loads.errors.busy');

const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

async function checkedFile(request: FastifyRequest, app: FastifyInstance): Promise<string> {
  const fileID = body(request).fileID;
  try {
    await checkLoadFile(app.ctx, fileID, [LOAD_ELEMENT_TYPE]);
  } catch (error) {
    if (error instanceof SheetError) throw badArgument('fileID', error.key);
    throw error;
  }
  return fileID as string;
}

/** Whether an e-mail load is waiting or running (the partial unique index jobs_one_email_load_idx holds the rule). */
async function emailLoadBusy(app: FastifyInstance): Promise<boolean> {
  const rows = await app.ctx.database.query(
    `select 1 from jobs where kind = $1 and status in ('queued', 'running', 'retry') limit 1`,
    [LOAD_JOB_KINDS.emails],
  );
  return rows.length > 0;
}

const loadBodySchema = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { fileID: { type: 'string', description: 'fileID de POST /uploadfiles/elementType=bulkExcel (xlsx)' }, ...extra },
});
const yearProperty = { year: { type: 'integer', description: 'Año' } };
const previewSchema = {
  type: 'object',
  properties: {
    rows: { type: 'integer', description: 'Filas leídas (sin el encabezado)' },
    portals: { type: 'integer', description: 'Portales que la carga cambiaría (0 si el archivo tiene filas con error)' },
    errorCount: { type: 'integer', description: 'Filas con error' },
    errors: {
      type: 'array',
      description: 'Las primeras filas con error',
      items: { type: 'object', properties: { line: { type: 'integer' }, message: { type: 'string' } } },
    },
  },
};
const startedSchema = { type: 'object', properties: { jobId: { type: 'integer', description: 'El trabajo de la carga: GET /jobs/{id}' } } };

/** The preview of a load (nothing written); a file that cannot be read, or has no rows, is a 400. */
async function preview<Row>(app: FastifyInstance, definition: LoadDefinition<Row>, payload: LoadPayload) {
  try {
    return await previewLoad(app.ctx, definition, payload);
  } catch (error) {
    if (error instanceof SheetError) throw badArgument('fileID', error.key);
    throw error;
  }
}

export function registerLoadRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;

  apiRoute(app, {
    method: 'POST',
    url: '/locations/preview',
    access: LOADERS,
    summary: 'Revisa un archivo de población sin aplicarlo: filas, filas con error y cuántos portales cambiaría la carga',
    tags: TAGS,
    schema: { body: loadBodySchema() },
    documentedResponses: { 200: previewSchema },
    errorResponses: [400],
    handler: async (request) => preview(app, populationLoad, { fileID: await checkedFile(request, app) }),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/emails/preview',
    access: LOADERS,
    summary: 'Revisa un archivo de correos de un mes sin aplicarlo: filas, filas con error y cuántos portales cambiaría (los que nombra)',
    tags: TAGS,
    schema: { body: loadBodySchema({ ...yearProperty, month: { type: 'integer', description: 'Mes (1 a 12)' } }) },
    documentedResponses: { 200: previewSchema },
    errorResponses: [400],
    handler: async (request) => {
      const { year, month } = body(request);
      const period = emailPeriodError(year, month);
      if (period) throw ruleRefusal(period);
      return preview(app, emailLoad, { fileID: await checkedFile(request, app), year: year as number, month: month as number });
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/govindex/preview',
    access: LOADERS,
    summary: 'Revisa un archivo del índice de gobierno digital de un año sin aplicarlo: filas, filas con error y cuántos portales cambiaría',
    tags: TAGS,
    schema: { body: loadBodySchema(yearProperty) },
    documentedResponses: { 200: previewSchema },
    errorResponses: [400],
    handler: async (request) => {
      const { year } = body(request);
      const invalid = govIndexYearError(year);
      if (invalid) throw ruleRefusal(invalid);
      return preview(app, govIndexLoad, { fileID: await checkedFile(request, app), year: year as number });
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/locations/',
    access: LOADERS,
    summary: 'Carga de población (xlsx: código DANE del municipio, población): responde 202 con el trabajo que la aplica',
    tags: TAGS,
    schema: { body: loadBodySchema() },
    documentedResponses: { 202: startedSchema },
    handler: async (request, reply) => {
      const fileID = await checkedFile(request, app);
      const jobId = await enqueueJob<LoadPayload>(database.db, { kind: LOAD_JOB_KINDS.population, payload: { fileID }, ...jobOrigin(request) });
      return reply.status(202).send({ jobId });
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/emails/check',
    access: LOADERS,
    summary: 'Comprueba si hay una carga de correos en proceso: 200 libre, 400 en proceso',
    tags: TAGS,
    documentedResponses: { 200: { type: 'object', properties: { busy: { type: 'boolean' } } } },
    errorResponses: [400],
    handler: async () => {
      if (await emailLoadBusy(app)) throw busy();
      return { busy: false };
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/emails/',
    access: LOADERS,
    summary: 'Carga de cuentas de correo de un mes (xlsx: id de la entidad, correo, último ingreso): 202 con el trabajo; 400 si otra está en proceso',
    tags: TAGS,
    schema: { body: loadBodySchema({ ...yearProperty, month: { type: 'integer', description: 'Mes (1 a 12)' } }) },
    documentedResponses: { 202: startedSchema },
    handler: async (request, reply) => {
      const { year, month } = body(request);
      const period = emailPeriodError(year, month);
      if (period) throw ruleRefusal(period);
      const fileID = await checkedFile(request, app);
      if (await emailLoadBusy(app)) throw busy();
      try {
        const jobId = await enqueueJob<LoadPayload>(database.db, {
          kind: LOAD_JOB_KINDS.emails,
          payload: { fileID, year: year as number, month: month as number },
          ...jobOrigin(request),
        });
        return reply.status(202).send({ jobId });
      } catch (error) {
        // Two loads sent at once: the database lets one in.
        if (postgresErrorCode(error) === UNIQUE_VIOLATION && postgresConstraint(error) === EMAIL_LOAD_INDEX) throw busy();
        throw error;
      }
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/govindex/',
    access: LOADERS,
    summary: 'Carga del índice de gobierno digital de un año (xlsx: id de la entidad y cuatro valores de 0 a 100): 202 con el trabajo',
    tags: TAGS,
    schema: { body: loadBodySchema(yearProperty) },
    documentedResponses: { 202: startedSchema },
    handler: async (request, reply) => {
      const { year } = body(request);
      const invalid = govIndexYearError(year);
      if (invalid) throw ruleRefusal(invalid);
      const fileID = await checkedFile(request, app);
      const jobId = await enqueueJob<LoadPayload>(database.db, { kind: LOAD_JOB_KINDS.govIndex, payload: { fileID, year: year as number }, ...jobOrigin(request) });
      return reply.status(202).send({ jobId });
    },
  });

  registerListExport<SiteUpdateExportRow>(app, {
    url: '/exportsitetoupload',
    access: UPDATERS,
    summary: 'Entidades activas en xlsx (id, nombre, ubicación, tipo, código SIGEP, orden) para actualizar código y orden',
    tags: TAGS,
    spec: siteUpdateExportSpec,
    sql: siteUpdateExportSql,
    columns: siteUpdateExportColumns,
    fileNameKey: 'loads.files.update_sites',
    formats: ['xlsx'],
  });

  apiRoute(app, {
    method: 'PUT',
    url: '/exportsitetoupload/:id',
    access: UPDATERS,
    summary: 'Actualiza código SIGEP y orden desde el xlsx subido (id = fileID de elementType=siteUpdateExcel): todo o nada; 400 con una línea por fila con error',
    tags: TAGS,
    schema: { params: { type: 'object', properties: { id: { type: 'string', description: 'fileID del archivo subido' } } } },
    documentedResponses: { 200: { type: 'object', properties: { updated: { type: 'integer', description: 'Entidades cambiadas' } } } },
    errorResponses: [400],
    handler: async (request) => {
      const fileId = textParam(request, 'id');
      // Not a file id: no such upload (404, with the files service's message).
      if (!isFileId(fileId)) throw new ApiError(404, 'NotFound', t('files.errors.file_not_found'));
      return updateSitesFromFile(app.ctx, request, fileId);
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/exportsitetoupload/:id/preview',
    access: UPDATERS,
    summary: 'Revisa el xlsx subido sin aplicarlo: cuántas entidades cambiarían (código SIGEP u orden); 400 con una línea por fila con error',
    tags: TAGS,
    schema: { params: { type: 'object', properties: { id: { type: 'string', description: 'fileID del archivo subido' } } } },
    documentedResponses: { 200: { type: 'object', properties: { updated: { type: 'integer', description: 'Entidades que cambiarían' } } } },
    errorResponses: [400],
    handler: async (request) => {
      const fileId = textParam(request, 'id');
      if (!isFileId(fileId)) throw new ApiError(404, 'NotFound', t('files.errors.file_not_found'));
      return updateSitesFromFile(app.ctx, request, fileId, true);
    },
  });
}
