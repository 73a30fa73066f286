/**
 * Pop-ups and news (resources/contents.ts): a new content goes last in the cards and is created published, so it needs
 * its image ('Debes cargar una imagen antes de publicar el contenido.'); activating one (enable) meets the same checks
 * as `GET /contents/validate/{id}/{flag}` (docs/decisions/0031-contents-and-delivery.md): not expired, an image, and an
 * audience that reaches at least one portal now. The audience is stored in its normal form.
 */
import { sql } from 'drizzle-orm';
import { normaliseAudience, type Audience } from '../../../resources/audience';
import { CONTENT_MESSAGES, contentSchedule, type ContentRecord } from '../../../resources/contents';
import { recordId } from '../../../resources/limits';
import { audienceReach, audienceSitesQuery } from '../../audience/resolve';
import type { Database, Db } from '../../db/connection';
import { ApiError, badArgument, notFound } from '../../http/errors';
import { t } from '../../i18n';
import { ResourceService, type ViewHandler, type WriteContext } from './base';
import type { ResourceRecord } from '../store';

/** What activating (or inactivating) a content would meet: refused with its reason, or allowed, maybe after a confirmation. */
export interface ContentValidation {
  contentID: number;
  flag: boolean;
  /** Whether the change may be made. */
  valid: boolean;
  /** The screen asks before making it: always to inactivate; to activate, a critical (isRequired) content. */
  requiresConfirmation: boolean;
  /** The Spanish reason when not valid, else the confirmation's question when one is asked, else null. */
  message: string | null;
  /** Portals the audience reaches now. */
  portals: number;
}

const hasImage = (value: unknown): boolean => value !== null && value !== undefined && value !== '';

/** The reason activating `record` is refused (an i18n key and the field it concerns), or null. */
async function activationRefusal(db: Db, record: ResourceRecord, now = new Date()): Promise<{ key: string; target: string; portals: number } | null> {
  const content = record as unknown as ContentRecord;
  const portals = await reachedPortals(db, content.audience);
  if (contentSchedule(content, now) === 'expired') return { key: CONTENT_MESSAGES.expired, target: 'showToDate', portals };
  if (!hasImage(content.image)) return { key: CONTENT_MESSAGES.imageRequired, target: 'image', portals };
  if (portals === 0) return { key: CONTENT_MESSAGES.audienceEmpty, target: 'audience', portals };
  return null;
}

/** How many portals an audience reaches now, read with `db` (a write's transaction: PGlite has one connection). */
async function reachedPortals(db: Db, audience: Audience): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from (${audienceSitesQuery(audience)}) reached`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ n: number }>;
  return Number(rows[0]?.n ?? 0);
}

export async function validateContent(database: Database, contentId: number, flag: boolean): Promise<ContentValidation> {
  const [row] = await database.query<ResourceRecord>(
    `select content_id as "contentID", show_from_date as "showFromDate", show_to_date as "showToDate", file_id as image, audience, is_required as "isRequired"
       from contents where content_id = $1`,
    [contentId],
  );
  if (!row) throw notFound();
  const record: ResourceRecord & { showFromDate: string | null; showToDate: string | null } = { ...row, showFromDate: isoOrNull(row!.showFromDate), showToDate: isoOrNull(row!.showToDate) };
  if (!flag) {
    const portals = (await audienceReach(database, record.audience as Audience)).portals;
    const expired = contentSchedule(record as never) === 'expired';
    return {
      contentID: contentId,
      flag,
      valid: !expired,
      requiresConfirmation: !expired,
      message: t(expired ? CONTENT_MESSAGES.expired : 'contents.confirm_disable'),
      portals,
    };
  }
  const refusal = await activationRefusal(database.db, record);
  if (refusal) return { contentID: contentId, flag, valid: false, requiresConfirmation: false, message: t(refusal.key), portals: refusal.portals };
  const portals = (await audienceReach(database, record.audience as Audience)).portals;
  const critical = record.isRequired === true;
  return {
    contentID: contentId,
    flag,
    valid: true,
    requiresConfirmation: critical,
    message: critical ? t('contents.confirm_enable_required', { portals }) : null,
    portals,
  };
}

const isoOrNull = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : null);

const validate: ViewHandler = {
  summary: 'Valida activar (flag true) o inactivar (flag false) un contenido: vigencia, imagen y que la audiencia llegue a algún portal',
  paramsSchema: {
    type: 'object',
    properties: {
      contentID: { type: 'string', description: 'Id del contenido' },
      // 'true' or 'false', checked after the content is found (an unknown id answers 404 whatever the flag).
      flag: { type: 'string', description: 'true: activar; false: inactivar' },
    },
  },
  responseSchema: {
    type: 'object',
    properties: {
      contentID: { type: 'integer' },
      flag: { type: 'boolean' },
      valid: { type: 'boolean' },
      requiresConfirmation: { type: 'boolean' },
      message: { type: 'string', nullable: true },
      portals: { type: 'integer' },
    },
    example: { contentID: 7, flag: true, valid: true, requiresConfirmation: true, message: 'Este contenido es obligatorio…', portals: 1098 },
  },
  run: async ({ app, request }) => {
    const params = request.params as { contentID?: string; flag?: string };
    const id = recordId(params.contentID);
    if (id === undefined) throw notFound();
    if (params.flag !== 'true' && params.flag !== 'false') throw badArgument('flag', 'contents.validation.flag');
    return validateContent(app.ctx.database, id, params.flag === 'true');
  },
};

export class ContentsService extends ResourceService {
  override readonly views: Record<string, ViewHandler> = { validate };

  override async beforeWrite(context: WriteContext): Promise<void> {
    const { values, before, operation, action, tx } = context;
    if (operation === 'delete') return;
    if (values.audience !== undefined && values.audience !== null) values.audience = normaliseAudience(values.audience as Audience);
    if (operation === 'create') {
      // One create at a time takes the next place: two simultaneous ones never share it.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('contents.display_order'))`);
      const result = await tx.execute(sql`select coalesce(max(display_order), 0) + 1 as next from contents`);
      const rows = Array.isArray(result) ? result : (result as { rows: Array<{ next: number }> }).rows;
      values.displayOrder = Number((rows[0] as { next: number }).next);
      values.published = true;
    }
    const merged = { ...(before ?? {}), ...values } as ResourceRecord;
    if (action === 'enable') {
      const refusal = await activationRefusal(tx, merged);
      if (refusal) throw new ApiError(409, 'Locked', t(refusal.key), [{ code: 'Locked', target: refusal.target, message: t(refusal.key) }]);
    }
    if (merged.published === true && !hasImage(merged.image)) throw badArgument('image', CONTENT_MESSAGES.imageRequired);
  }

  override translateError(error: unknown): ApiError | undefined {
    const constraint = (error as { constraint?: string; cause?: { constraint?: string } })?.constraint ?? (error as { cause?: { constraint?: string } })?.cause?.constraint;
    if (constraint === 'contents_dates') return badArgument('showToDate', CONTENT_MESSAGES.dates);
    return undefined;
  }
}
