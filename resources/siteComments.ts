/**
 * Annotations of a site (spec 01 §2 'Site detail', tab Anotaciones; §3 'Site comment'; §5 max 540 characters,
 * attachments of 5242880 bytes; §9 15 a page). The spec's calls: `GET /sites/comments?siteId=`, `POST /sites/comments`
 * and `PUT /sites/comments` with the comment's id in the body (`updateInBody`): a `/sites/comments/{id}` path would be
 * ambiguous beside `/sites/{id}/auth` (docs/decisions/0014-site-detail-and-impersonation.md). The site's countComments follows in the same
 * transaction (server/resources/services/siteComments.ts).
 */
import * as yup from 'yup';
import { recordIdRule } from './limits';
import { trimmedString } from './text';
import { siteCommentsReference } from './references';
import { defineResource } from './types';

/** Longest annotation (spec 01 §5). */
export const SITE_COMMENT_MAX_LENGTH = 540;
/** Annotations per page (spec 01 §9). */
export const SITE_COMMENT_PAGE_SIZE = 15;

export interface SiteCommentRecord {
  siteCommentID: number;
  siteId: number;
  description: string;
  files: { fileID: string; filePath: string; name: string }[];
  userId: number;
  userName: string | null;
  creationDate: string;
}

export const siteCommentsResource = defineResource<SiteCommentRecord>({
  ...siteCommentsReference,
  table: 'site_comments',
  fields: [
    { source: 'siteCommentID', type: 'id', list: false },
    // Named by the create body (the site must exist); an update keeps it (server/resources/services/siteComments.ts).
    { source: 'siteId', type: 'integer', list: false, nullable: false },
    {
      source: 'description',
      type: 'text',
      maxLength: SITE_COMMENT_MAX_LENGTH,
      required: true,
    },
    { source: 'files', type: 'files', elementType: 'siteComment' },
    // The author, set by the service from the session.
    { source: 'userId', type: 'integer', readOnly: true, list: false, filter: false, nullable: false },
    {
      source: 'userName',
      type: 'text',
      readOnly: true,
      nullable: true,
      computed: { sql: 'select u.name from users u where u.id = t.user_id' },
    },
    // Stamped by the database.
    { source: 'creationDate', type: 'datetime', readOnly: true, nullable: false },
  ],
  schema: yup.object({
    description: trimmedString()
      .required('validation.site_comment.description_required')
      .max(SITE_COMMENT_MAX_LENGTH, 'validation.site_comment.description_too_long'),
    siteId: recordIdRule('validation.field.reference'),
  }),
  operations: ['list', 'create', 'update'],
  updateInBody: true,
  sort: { field: 'creationDate', order: 'DESC' },
  pageSize: SITE_COMMENT_PAGE_SIZE,
  listMode: 'loadMore',
  editMode: 'dialog',
});
