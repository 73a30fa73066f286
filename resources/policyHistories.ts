/**
 * Policy version histories (spec 03 §2 'Policies and terms', §3 'Policy or data-treatment history record', §4, §5
 * 'Policy versions', §7 'Policies'): two tables on /configuracion/politicas-datos, data treatment
 * (`/dataprocessinghistories/`, the spec's listTratamientoDatos) and terms and conditions (`/historytermscondition`,
 * listPoliticas), each its own declaration and table with the same fields.
 *
 * - Identifier ≤ 40 (unique in its history), description ≤ 150, a file of the `policyFile` element type (30 MB, the
 *   listed extensions) and a publication date, all required. The update and end dates are the server's: the date rules
 *   (resources/policyHistory.ts) run in server/resources/services/policyHistories.ts under the table's lock, and the
 *   database holds one open version per history (a partial unique index).
 * - Only the current version (no end date, 'Vigente') may be edited; no version is deleted (the spec lists GET and POST).
 * - Portals read the current versions by `GET /dataprocessinghistories/GetExternal` (public) and in their delivery answer.
 */
import * as yup from 'yup';
import { dataProcessingHistoriesReference, termsConditionHistoriesReference } from './references';
import { isCurrentVersion, isDay, POLICY_DESCRIPTION_MAX, POLICY_FILE_ELEMENT, POLICY_IDENTIFIER_MAX, POLICY_MESSAGES } from './policyHistory';
import { defineResource, type DeclaredField, type ResourceDeclaration } from './types';

export interface PolicyHistoryRecord {
  id: number;
  identifier: string;
  file: unknown;
  description: string;
  publicationDate: string;
  updateDate: string;
  endDate: string | null;
}

const fields: DeclaredField[] = [
  { source: 'id', type: 'id', list: false },
  { source: 'identifier', type: 'text', maxLength: POLICY_IDENTIFIER_MAX, required: true, searchable: true },
  { source: 'file', type: 'file', elementType: POLICY_FILE_ELEMENT, required: true },
  { source: 'description', type: 'text', maxLength: POLICY_DESCRIPTION_MAX, required: true },
  { source: 'publicationDate', type: 'date', required: true, nullable: false },
  // Set by the server (resources/policyHistory.ts): today on create and when the publication date changes.
  { source: 'updateDate', type: 'date', readOnly: true, nullable: false },
  // Open (null, 'Vigente') on the current version; the next version closes it.
  { source: 'endDate', type: 'date', readOnly: true, nullable: true, emptyText: POLICY_MESSAGES.current },
];

// Identifier, description and file take their fields' rules (required, length); the date its day rule here, its bounds
// (today, the previous version) in the service, with the server's clock.
const schema = yup.object({
  publicationDate: yup
    .mixed()
    .required('validation.field.required')
    .test('day', POLICY_MESSAGES.invalid, (value) => value === undefined || isDay(value)),
});

/** The fields portals receive of the current version. */
export const POLICY_DELIVERED_FIELDS = ['identifier', 'file', 'description', 'publicationDate', 'updateDate'] as const;

function policyHistory(reference: typeof dataProcessingHistoriesReference, table: string, deliveryKey: string): ResourceDeclaration<PolicyHistoryRecord> {
  return defineResource<PolicyHistoryRecord>({
    ...reference,
    table,
    fields,
    schema,
    // The newest version first (ids grow with each addition).
    sort: { field: 'id', order: 'DESC' },
    pageSize: 20,
    editMode: 'dialog',
    operations: ['list', 'read', 'create', 'update'],
    unique: ['identifier'],
    rules: { canEdit: (record) => isCurrentVersion(record) },
    messages: {
      created: 'policies.created',
      updated: 'policies.updated',
      locked: 'validation.policies.locked',
      empty: 'policies.empty',
    },
    delivery: { key: deliveryKey, appliesNow: 't.end_date is null', fields: POLICY_DELIVERED_FIELDS },
  });
}

export const dataProcessingHistoriesResource = defineResource<PolicyHistoryRecord>({
  ...policyHistory(dataProcessingHistoriesReference, 'data_processing_histories', 'dataProcessingPolicy'),
  // The portals' read of both current versions (spec 03 §7 `GET /dataprocessinghistories/GetExternal`): public documents.
  views: [{ name: 'external', path: 'GetExternal', scope: 'collection', access: 'public', rateLimit: { max: 300, timeWindow: '1 minute' }, etag: true }],
});

export const termsConditionHistoriesResource = policyHistory(termsConditionHistoriesReference, 'terms_condition_histories', 'termsConditionsPolicy');

/** The two histories, in the page's order. */
export const policyHistoryResources = [dataProcessingHistoriesResource, termsConditionHistoriesResource] as const;
