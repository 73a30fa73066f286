/**
 * Bulk update of entity order and registry (SIGEP) code (spec 03 '/configuracion/actualizar-sitios'):
 * GET /exportsitetoupload writes the active sites to an xlsx file; the edited file is uploaded (element type
 * siteUpdateExcel: xlsx, 5242880 bytes) and PUT /exportsitetoupload/{fileID} checks every row, answering 400 with
 * one detail per bad line, or writes every row in one transaction (docs/decisions/0018-loads-and-bulk-site-update.md).
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SETTINGS } from '../../resources/areas';
import { SITE_UPDATE_ELEMENT_TYPE, SITE_UPDATE_MAX_BYTES, type SiteUpdateResult } from '../../resources/loads';
import type { ListSpec } from '../../resources/listQuery';
import { writeAudit } from '../audit/audit';
import type { AppContext } from '../context';
import type { ExportBatch, ExportColumn } from '../exports/listExport';
import { defineElementType } from '../files';
import { ApiError } from '../http/errors';
import { t } from '../i18n';
import { listOrderBy, listWhere, type ListQuery } from '../lists/listQuery';
import { MAX_REPORTED_ROWS, rowMessage, rowsOf } from './loads';
import { duplicates, parseSiteUpdateRow, type RowError, type SiteUpdateRow } from './rows';
import { openLoadFile, readSheetRows, SheetError } from './sheet';

/** The order and registry-code update file (a settings page: the same permission as its routes, server/routes/loads.ts). */
export const siteUpdateElement = defineElementType(SITE_UPDATE_ELEMENT_TYPE, { extensions: ['xlsx'], maxBytes: SITE_UPDATE_MAX_BYTES, permissions: SETTINGS });

/** Active sites (installed, status 1, not deleted), by id: the export has no filter. */
export const siteUpdateExportSpec: ListSpec = {
  defaultPageSize: 20,
  maxPageSize: 100,
  orders: { id: 's.id' },
  defaultOrder: 'id',
  tieBreaker: 's.id',
  filters: {},
};

export interface SiteUpdateExportRow extends Record<string, unknown> {
  id: number;
  name: string;
  parentLocation: string | null;
  childLocation: string | null;
  siteType: string | null;
  registryCode: string | null;
  orderType: number;
}

/** The file's columns, in the order the upload reads them (server/loads/rows.ts SITE_UPDATE_COLUMNS). */
export const siteUpdateExportColumns: ExportColumn<SiteUpdateExportRow>[] = [
  { key: 'id', headerKey: 'loads.columns.site_id', width: 12 },
  { key: 'name', headerKey: 'loads.columns.name', width: 40 },
  { key: 'parentLocation', headerKey: 'loads.columns.department', width: 20 },
  { key: 'childLocation', headerKey: 'loads.columns.municipality', width: 20 },
  { key: 'siteType', headerKey: 'loads.columns.site_type', width: 24 },
  { key: 'registryCode', headerKey: 'loads.columns.registry_code', width: 16 },
  { key: 'orderType', headerKey: 'loads.columns.order', width: 16 },
];

export function siteUpdateExportSql(query: ListQuery, batch: ExportBatch): string {
  const where = listWhere(query, batch.params, ['s.status_id = 1', 's.installed', 'not s.is_deleted', ...batch.after]);
  return `
    select s.id, s.name, pl.name as "parentLocation", cl.name as "childLocation", st.name as "siteType",
      s.registry_code as "registryCode", s.order_type as "orderType", ${batch.keys}
    from sites s
      left join locations pl on pl.id = s.parent_location_id
      left join locations cl on cl.id = s.location_id
      left join site_types st on st.id = s.site_type_id
    ${where}
    ${listOrderBy(siteUpdateExportSpec, query)}
    ${batch.limit}`;
}

/** 400 in the envelope: the first bad line's message, and one detail per bad line (up to MAX_REPORTED_ROWS). */
export function badRows(errors: readonly RowError[]): ApiError {
  const sorted = [...errors].sort((a, b) => a.line - b.line).slice(0, MAX_REPORTED_ROWS);
  const details = sorted.map((error) => ({ code: 'BadArgument', target: `línea ${error.line}`, message: rowMessage(error) }));
  return new ApiError(400, 'BadArgument', details[0]!.message, details);
}

const sheetRefusal = (key: string) => {
  const message = t(key);
  return new ApiError(400, 'BadArgument', message, [{ code: 'BadArgument', target: 'file', message }]);
};

/**
 * Checks every row of the uploaded file, then writes them all in one transaction; answers the sites changed. With
 * `preview`, the same checks and count, nothing written (POST /exportsitetoupload/{id}/preview).
 */
export async function updateSitesFromFile(context: AppContext, request: FastifyRequest, fileId: string, preview = false): Promise<SiteUpdateResult> {
  let sheet;
  try {
    sheet = await readSheetRows(await openLoadFile(context, fileId, [SITE_UPDATE_ELEMENT_TYPE]));
  } catch (error) {
    if (error instanceof SheetError) throw sheetRefusal(error.key);
    throw error;
  }
  if (sheet.length === 0) throw sheetRefusal('loads.errors.no_rows');
  const errors: RowError[] = [];
  const good: { line: number; value: SiteUpdateRow }[] = [];
  for (const row of sheet) {
    const parsed = parseSiteUpdateRow(row);
    if (parsed.ok) good.push(parsed);
    else errors.push(parsed.error);
  }
  errors.push(...duplicates(good, (value) => String(value.siteId), (value) => String(value.siteId)));

  return context.database.db.transaction(async (tx) => {
    // The sites are locked while checked and written: a site deleted meanwhile is either seen deleted here or waits.
    const ids = [...new Set(good.map((row) => row.value.siteId))];
    const current = rowsOf<{ id: number; registryCode: string | null; orderType: number; name: string }>(
      await tx.execute(sql`
        select s.id, s.registry_code as "registryCode", s.order_type as "orderType", s.name
        from sites s join jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as given(id) on s.id = given.id::int
        where not s.is_deleted order by s.id for update of s`),
    );
    const byId = new Map(current.map((row) => [Number(row.id), row]));
    for (const row of good) {
      if (!byId.has(row.value.siteId)) errors.push({ line: row.line, key: 'loads.rows.unknown_site', values: { line: row.line, id: row.value.siteId } });
    }
    if (errors.length > 0) throw badRows(errors);

    const changed = good
      .map((row) => row.value)
      .filter((row) => {
        const before = byId.get(row.siteId)!;
        return before.registryCode !== row.registryCode || Number(before.orderType) !== row.orderType;
      });
    if (preview) return { updated: changed.length };
    if (changed.length > 0) {
      const data = JSON.stringify(changed.map((row) => ({ id: row.siteId, registry_code: row.registryCode, order_type: row.orderType })));
      await tx.execute(sql`
        update sites s set registry_code = v.registry_code, order_type = v.order_type, modified_date = now()
        from jsonb_to_recordset(${data}::jsonb) as v(id int, registry_code varchar, order_type smallint) where s.id = v.id`);
      for (const row of changed) {
        const before = byId.get(row.siteId)!;
        await writeAudit(tx, request, {
          action: 'update',
          resource: 'sites',
          recordId: row.siteId,
          recordLabel: before.name,
          before: { registryCode: before.registryCode, orderType: Number(before.orderType) },
          after: { registryCode: row.registryCode, orderType: row.orderType },
        });
      }
    }
    return { updated: changed.length };
  });
}
