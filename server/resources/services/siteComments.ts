/**
 * Site annotations (resources/siteComments.ts): the author is the signed-in superadmin, the site is named by the
 * create body and kept by updates, and the site's `countComments` is recounted in the write's transaction.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { badArgument } from '../../http/errors';
import { currentUser } from '../../http/route';
import { ResourceService, type WriteContext } from './base';
import { queryRows as rows } from '../../db/rows';

/**
 * Locks the site's row `for no key update` (compatible with the foreign keys' `key share`, exclusive among writers of
 * its comments), so two annotations written at once recount one after the other and each count sees the other's row.
 */
async function lockSite(db: Db, siteId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(db, sql`select id from sites where id = ${siteId} and not is_deleted for no key update`);
  return found.length > 0;
}

/** The site's countComments becomes the number of its annotations (a new statement: it sees every committed one). */
export async function recountSiteComments(db: Db, siteId: number): Promise<void> {
  await db.execute(sql`update sites set count_comments = (select count(*)::int from site_comments c where c.site_id = ${siteId}) where id = ${siteId}`);
}

export class SiteCommentsService extends ResourceService {
  override async beforeWrite(context: WriteContext): Promise<void> {
    const { tx, operation, values, before } = context;
    if (operation === 'create') {
      const siteId = values.siteId;
      if (siteId === undefined || siteId === null) throw badArgument('siteId', 'validation.field.required');
      if (!(await lockSite(tx, Number(siteId)))) throw badArgument('siteId', 'validation.field.reference');
      values.userId = currentUser(context.request).id;
      return;
    }
    if (operation === 'update' && before) {
      if (values.siteId !== undefined && values.siteId !== null && Number(values.siteId) !== Number(before.siteId)) {
        throw badArgument('siteId', 'siteDetail.server.site_fixed');
      }
      delete values.siteId;
    }
    if (before) await lockSite(tx, Number(before.siteId));
  }

  override async afterWrite(context: WriteContext): Promise<void> {
    if (context.operation === 'update') return;
    const siteId = Number((context.after ?? context.before)?.siteId);
    if (siteId) await recountSiteComments(context.tx, siteId);
  }
}
