/**
 * A singleton resource (`singleton: true`, e.g. one settings record): `GET {apiPath}` and `PUT {apiPath}`, no id.
 * Its one row has the id SINGLETON_ID and is created by the first `PUT` (audited as a create; later ones as updates);
 * until then `GET` answers the declared defaults without writing anything (docs/decisions/0004-declarations-and-engine.md).
 * Two simultaneous first writes cannot make two rows: the primary key keeps one, the other updates it.
 */
import { writeTransaction } from './services';
import { apiRoute } from '../http/route';
import { defaultRecord } from './fields';
import { bodySchema, recordSchema } from './openapi';
import { resourcePaths } from './paths';
import { SINGLETON_ID } from './shape';
import { insertRecord, lockedError, translateDatabaseError, updateRecord, validateBody, type ResourceRouteContext } from './writes';

export function registerSingleton(context: ResourceRouteContext): void {
  const { app, declaration, store, shape } = context;
  const path = resourcePaths(declaration).collection;

  if (shape.operations.has('read')) {
    apiRoute(app, {
      method: 'GET',
      url: path,
      access: context.read,
      summary: `${context.title}: el registro (valores por defecto hasta que se guarde por primera vez)`,
      operationId: `get${context.operationName}`,
      tags: context.tags,
      schema: { response: { 200: recordSchema(declaration) } },
      handler: async () => (await store.find(context.database(), SINGLETON_ID)) ?? defaultRecord(declaration, SINGLETON_ID),
    });
  }

  // The write on its path, and on each `singletonWriteAliases` path (the same write, audited alike: `POST /settings/govcopost`).
  const writes = shape.operations.has('update') ? [{ method: declaration.singletonWrite ?? 'PUT', url: path, suffix: '' }, ...(declaration.singletonWriteAliases ?? []).map((alias, index) => ({ method: alias.method, url: alias.path, suffix: `Alias${index + 1}` }))] : [];
  for (const write of writes) {
    apiRoute(app, {
      method: write.method,
      url: write.url,
      access: context.write,
      summary: `${context.title}: modificar`,
      operationId: `update${context.operationName}${write.suffix}`,
      // 409: the declaration's rules lock the record.
      errorResponses: [409],
      tags: context.tags,
      schema: { body: bodySchema(declaration), response: { 200: recordSchema(declaration) } },
      handler: async (request) => {
        const validated = await validateBody(declaration, request.body, 'update');
        // writeTransaction: the hooks' after-commit tasks run once it commits.
        return writeTransaction(request, context.database(), async (tx) => {
          let before = await store.find(tx, SINGLETON_ID, { lock: true });
          if (!before) {
            const created = await insertRecord(context, tx, request, validated, {
              insert: (db, values) => store.insertOnce(db, SINGLETON_ID, values),
            });
            // Computed fields (a version read from the settings) are read again: the insert answers the columns only.
            if (created) return declaration.fields.some((field) => field.computed) ? ((await store.find(tx, SINGLETON_ID)) ?? created) : created;
            // A simultaneous first write stored the row first: this one updates it.
            before = (await store.find(tx, SINGLETON_ID, { lock: true }))!;
          }
          if (declaration.rules?.canEdit && !declaration.rules.canEdit(before)) throw lockedError(declaration);
          return updateRecord(context, tx, request, before, validated);
        }).catch((error: unknown) => translateDatabaseError(declaration, error));
      },
    });
  }
}
