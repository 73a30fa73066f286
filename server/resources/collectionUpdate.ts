/**
 * A collection update (`collectionUpdate: true`, e.g. `PUT /footerContent`): `PUT {apiPath}` with the whole list
 * replaces the collection (a nested resource's: the parent's records) in one transaction. An item carrying the id of
 * a record of the collection updates it, any other item is created (a text id names the record it creates), and the
 * records missing from the list are deleted (or marked, with `softDelete`). Every item is validated like a create or
 * an update and every refusal names the item (`items[2].name`); one audit line per record that changed.
 */
import { sql } from 'drizzle-orm';
import { writeTransaction } from './services';
import { ValidationError } from 'yup';
import { ApiError, validationFailed, type ErrorDetail } from '../http/errors';
import { apiRoute } from '../http/route';
import { t } from '../i18n';
import { collectionBodySchema, collectionParamsSchema, listEnvelopeSchema, recordSchema } from './openapi';
import { resourcePaths } from './paths';
import { parentScope } from './scope';
import { parseRecordId, type RecordId } from './shape';
import type { ResourceRecord } from './store';
import { deleteRecord, insertRecord, lockedError, translateDatabaseError, updateRecord, validateBody, type ResourceRouteContext } from './writes';
import type { ResourceDeclaration } from '../../resources/types';

/** One item of the list, validated: an update of `before` (its id), or a create. */
interface PlannedItem {
  index: number;
  before?: ResourceRecord;
  validated: Record<string, unknown>;
}

export const itemTarget = (index: number, target?: string): string => (target ? `items[${index}].${target}` : `items[${index}]`);

const detail = (target: string, messageKey: string): ErrorDetail => ({ code: 'BadArgument', target, message: t(messageKey) });

/** The error of one item's write with the item named in each target (`name` → `items[2].name`). */
function namingItem(index: number, error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const details = error.details.map((found) => ({ ...found, target: itemTarget(index, found.target) }));
  return new ApiError(error.statusCode, error.code, error.message, details);
}

/**
 * Reads the list against the collection's current records: which items update which record and which are created,
 * each validated. Every refused item field is reported at once (400), as a form shows every error.
 */
export async function planCollection(
  declaration: ResourceDeclaration,
  items: readonly unknown[],
  current: ReadonlyMap<string, ResourceRecord>,
): Promise<PlannedItem[]> {
  const serial = declaration.fields.find((field) => field.source === declaration.idField)?.type === 'id';
  const details: ErrorDetail[] = [];
  const planned: PlannedItem[] = [];
  const named = new Set<string>();
  for (const [index, item] of items.entries()) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      details.push(detail(itemTarget(index), 'errors.collection_item'));
      continue;
    }
    const raw = (item as Record<string, unknown>)[declaration.idField];
    let before: ResourceRecord | undefined;
    if (raw !== undefined && raw !== null && raw !== '') {
      const id: RecordId | undefined = parseRecordId(declaration, serial ? raw : String(raw));
      before = id === undefined ? undefined : current.get(String(id));
      const key = String(id ?? raw);
      if (named.has(key)) {
        details.push(detail(itemTarget(index, declaration.idField), 'errors.collection_repeated_id'));
        continue;
      }
      named.add(key);
      // A serial id is the database's: an item can only name a record of this collection. A text id names the record it creates.
      if (serial && !before) {
        details.push(detail(itemTarget(index, declaration.idField), 'errors.collection_unknown_id'));
        continue;
      }
    }
    try {
      planned.push({ index, before, validated: await validateBody(declaration, item, before ? 'update' : 'create') });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      details.push(...validationFailed(error).details.map((found) => ({ ...found, target: itemTarget(index, found.target) })));
    }
  }
  if (details.length > 0) throw new ApiError(400, 'BadArgument', details[0]!.message, details);
  // The order is the item's place in the list, whatever the body says (`collectionOrder`).
  const order = declaration.collectionOrder;
  if (order) for (const item of planned) item.validated[order] = item.index + 1;
  return planned;
}

export function registerCollectionUpdate(context: ResourceRouteContext): void {
  const { app, declaration, store } = context;
  const idField = declaration.idField;
  apiRoute(app, {
    method: 'PUT',
    url: resourcePaths(declaration).collection,
    access: context.write,
    summary: `${context.title}: reemplazar la colección completa (modifica, crea y elimina en una transacción)`,
    operationId: `replace${context.operationName}`,
    // 409: a record the declaration's rules lock would change or be deleted, or a deleted one is still in use.
    errorResponses: [409],
    tags: context.tags,
    schema: {
      ...(declaration.parent ? { params: collectionParamsSchema(declaration) } : {}),
      body: collectionBodySchema(declaration),
      // The written records, as their writes answer them (`detailOnly` fields included).
      response: { 200: listEnvelopeSchema(recordSchema(declaration), { total: declaration.listTotal === true }) },
    },
    // The body schema (a list of objects) refuses anything else with 400, but only once the path's parent is found.
    attachValidation: true,
    handler: async (request) => {
      // writeTransaction: the hooks' after-commit tasks run once it commits.
      return writeTransaction(request, context.database(), async (tx) => {
        const scope = await parentScope(app, tx, declaration, request, { lock: true });
        if (request.validationError) throw request.validationError;
        const items = request.body as unknown[];
        const max = declaration.maxRecords;
        if (max && items.length > max.count) {
          const message = t(max.message, { max: max.count });
          throw new ApiError(400, 'BadArgument', message, [{ code: 'BadArgument', target: itemTarget(max.count), message }]);
        }
        // A bounded collection: one replacement at a time (the table's places are then read by one writer).
        if (declaration.maxRecords) await tx.execute(sql.raw(`lock table "${declaration.table.replace(/"/g, '""')}" in share row exclusive mode`));
        const current = new Map((await store.lockAll(tx, scope)).map((row) => [String(row[idField]), row]));
        const planned = await planCollection(declaration, items, current);

        // Deletes first: a record leaving the list frees its unique values for the items that follow.
        const kept = new Set(planned.flatMap((item) => (item.before ? [String(item.before[idField])] : [])));
        for (const [key, before] of current) {
          if (kept.has(key)) continue;
          if (declaration.rules?.canDelete && !declaration.rules.canDelete(before)) throw lockedError(declaration);
          await deleteRecord(context, tx, request, before);
        }

        const results: ResourceRecord[] = [];
        for (const { index, before, validated } of planned) {
          const written = await writeItem(before, validated).catch((error: unknown) => {
            throw namingItem(index, error instanceof ApiError ? error : catchDatabase(error));
          });
          results.push(written);
        }
        return { results, meta: { hasNextPage: false } };

        async function writeItem(before: ResourceRecord | undefined, validated: Record<string, unknown>): Promise<ResourceRecord> {
          if (before) return updateRecord(context, tx, request, before, validated, { onlyIfChanged: true });
          return (await insertRecord(context, tx, request, validated, { scope }))!;
        }
      }).catch((error: unknown) => translateDatabaseError(declaration, error));
    },
  });

  /** A database refusal of one item's write, as the API's answer (then named after the item). */
  function catchDatabase(error: unknown): unknown {
    try {
      return translateDatabaseError(declaration, error);
    } catch (translated) {
      return translated;
    }
  }
}
