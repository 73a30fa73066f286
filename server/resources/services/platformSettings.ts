/**
 * Platform settings (resources/platformSettings.ts, docs/decisions/0033-platform-settings.md):
 * - generic settings: a key off the allow-list is refused on create (400) and locked on update (409, the declaration's
 *   `canEdit`); the key of a stored setting never changes; each value meets its key's rule; a versioned text (the
 *   site-request terms) moves its version when it changes; `GET /settings/get?Key=` reads one setting by key;
 * - terms and data-treatment texts: a save that changes a text moves that text's version counter (a setting);
 * - the GOV.CO bar: `GET /settings/govcorequest` answers the bar as every portal receives it (delivery).
 */
import { sql } from 'drizzle-orm';
import { govcoResource, isEditableSetting, SETTING_VERSIONS, settingValueError, TERMS_VERSIONS } from '../../../resources/platformSettings';
import type { Db } from '../../db/connection';
import { deliveryFor } from '../../delivery/delivery';
import { badArgument, notFound } from '../../http/errors';
import { recordSchema } from '../openapi';
import { ResourceService, type ViewHandler, type WriteContext } from './base';

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** Adds one to the version counter `key` (a setting; created at 2 when missing: the first version is 1). */
async function bumpVersion(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`insert into settings (key_word, value, label) values (${key}, '2', ${key})
    on conflict (key_word) do update set value = (coalesce(nullif(settings.value, '')::int, 1) + 1)::text`);
}

const byKey: ViewHandler = {
  summary: 'Una configuración por su clave (`Key`)',
  querySchema: { type: 'object', properties: { Key: { type: 'string', minLength: 1, maxLength: 100 } }, required: ['Key'] },
  responseSchema: { type: 'object', properties: { settingID: { type: 'integer' }, keyWord: { type: 'string' }, value: { type: 'string' }, label: { type: ['string', 'null'] } } },
  errorResponses: [400],
  run: async ({ db, request }) => {
    const key = (request.query as { Key: string }).Key;
    const [row] = await rowsOf<Record<string, unknown>>(db, sql`select setting_id as "settingID", key_word as "keyWord", value, label from settings where key_word = ${key}`);
    if (!row) throw notFound();
    return row;
  },
};

export class PlatformSettingsService extends ResourceService {
  override readonly views: Record<string, ViewHandler> = { byKey };

  override async beforeWrite({ tx, operation, before, values }: WriteContext): Promise<void> {
    if (operation === 'delete') return;
    const key = operation === 'create' ? values.keyWord : before!.keyWord;
    if (operation === 'update' && values.keyWord !== undefined && values.keyWord !== before!.keyWord) throw badArgument('keyWord', 'validation.settings.key_fixed');
    if (!isEditableSetting(key)) throw badArgument('keyWord', 'validation.settings.locked');
    if (values.value !== undefined || operation === 'create') {
      const error = settingValueError(key, values.value ?? '');
      if (error) throw badArgument('value', error);
      values.value = String(values.value).trim();
    }
    const version = SETTING_VERSIONS[key as string];
    if (version && values.value !== undefined && values.value !== before?.value) await bumpVersion(tx, version);
  }
}

/** The terms and the data-treatment policy: each text a save changes moves its version. */
export class VersionedTextsService extends ResourceService {
  override async beforeWrite({ tx, before, values }: WriteContext): Promise<void> {
    for (const [source, version] of Object.entries(TERMS_VERSIONS)) {
      if (values[source] !== undefined && values[source] !== (before?.[source] ?? null)) await bumpVersion(tx, version);
    }
  }
}

const portalBar: ViewHandler = {
  summary: 'La barra GOV.CO tal como la reciben los portales (la parte `govcoBar` de `GET /delivery/{siteAlias}`)',
  responseSchema: recordSchema(govcoResource),
  run: async ({ app }) => (await deliveryFor(app.ctx.database, { id: 0, alias: '' }, null, [govcoResource])).govcoBar,
};

export class GovcoService extends ResourceService {
  override readonly views: Record<string, ViewHandler> = { portalBar };
}
