/**
 * Policy version histories (resources/policyHistories.ts): the date rules of resources/policyHistory.ts applied under
 * the history's table lock (`share row exclusive`: one write at a time, reads go on), with the context's clock
 * (`AppContext.now`). An addition closes the current version today before the new one opens (the partial unique index
 * allows one open version); an edit of the current version's publication date stamps its update date and closes the
 * version before it the day before. A refusal answers 400 with the spec's message ('Corrige el registro antes de
 * agregar más.' on an addition, 'Corrige la información antes de guardar.' on an edit) and the rule's under the field.
 * The view `external` is `GET /dataprocessinghistories/GetExternal`: both histories' current versions, for the portals.
 */
import { sql } from 'drizzle-orm';
import { dataProcessingHistoriesResource, POLICY_DELIVERED_FIELDS, termsConditionHistoriesResource } from '../../../resources/policyHistories';
import { dayOf, planAddition, planEdit, POLICY_MESSAGES, todayOf, type PolicyDates } from '../../../resources/policyHistory';
import type { ResourceDeclaration } from '../../../resources/types';
import { clockOf } from '../../context';
import type { Db } from '../../db/connection';
import { queryRows } from '../../db/rows';
import { ApiError } from '../../http/errors';
import { t } from '../../i18n';
import { postgresConstraint, postgresErrorCode, UNIQUE_VIOLATION } from '../dbErrors';
import { fieldSchema, objectSchema } from '../openapi';
import { createResourceStore } from '../store';
import { ResourceService, type PrepareContext, type ViewHandler, type WriteContext } from './base';

interface VersionRow {
  id: number;
  publication_date: unknown;
}

/** 400 with the envelope's message (the spec's) and the rule's under the publication date. */
function refusal(envelopeKey: string, ruleKey: string): ApiError {
  return new ApiError(400, 'BadArgument', t(envelopeKey), [{ code: 'BadArgument', target: 'publicationDate', message: t(ruleKey) }]);
}

const versionDates = (row: VersionRow) => ({ publicationDate: dayOf(row.publication_date)! });

export class PolicyHistoryService extends ResourceService {
  constructor(private readonly table: string) {
    super();
  }

  override async prepareWrite({ tx, operation }: PrepareContext): Promise<void> {
    if (operation !== 'delete') await tx.execute(sql.raw(`lock table "${this.table}" in share row exclusive mode`));
  }

  override async beforeWrite({ tx, request, operation, before, values }: WriteContext): Promise<void> {
    const today = todayOf(clockOf(request.server.ctx));
    if (operation === 'create') {
      const [latest] = await queryRows<VersionRow>(tx, sql.raw(`select id, publication_date from "${this.table}" where end_date is null order by id desc limit 1`));
      const plan = planAddition(latest ? versionDates(latest) : null, String(values.publicationDate ?? ''), today);
      if (plan.error) throw refusal(POLICY_MESSAGES.fixBeforeAdd, plan.error);
      values.updateDate = plan.record.updateDate;
      values.endDate = null;
      if (latest) await tx.execute(sql`update ${sql.identifier(this.table)} set end_date = ${plan.latestEndDate} where id = ${latest.id}`);
      return;
    }
    if (operation !== 'update' || values.publicationDate === undefined || !before) return;
    const [previous] = await queryRows<VersionRow>(tx, sql`select id, publication_date from ${sql.identifier(this.table)} where id < ${before.id} order by id desc limit 1`);
    const latest: PolicyDates = { publicationDate: dayOf(before.publicationDate)!, updateDate: dayOf(before.updateDate), endDate: dayOf(before.endDate) };
    const plan = planEdit(latest, previous ? versionDates(previous) : null, String(values.publicationDate ?? ''), today);
    if (plan.error) throw refusal(POLICY_MESSAGES.fixBeforeSave, plan.error);
    values.updateDate = plan.record.updateDate;
    if (previous && plan.previousEndDate) await tx.execute(sql`update ${sql.identifier(this.table)} set end_date = ${plan.previousEndDate} where id = ${previous.id}`);
  }

  /** A second open version (a write that escaped the lock) is the addition's refusal, not a 500. */
  override translateError(error: unknown): ApiError | undefined {
    if (postgresErrorCode(error) === UNIQUE_VIOLATION && postgresConstraint(error) === `${this.table}_current_unique`) {
      return refusal(POLICY_MESSAGES.fixBeforeAdd, POLICY_MESSAGES.beforePrevious);
    }
    return undefined;
  }
}

/** The current version of a history (its delivered fields), or null when it has none. */
async function currentVersion(db: Db, declaration: ResourceDeclaration): Promise<Record<string, unknown> | null> {
  const [row] = await queryRows<{ id: number }>(db, sql.raw(`select id from "${declaration.table}" where end_date is null order by id desc limit 1`));
  if (!row) return null;
  const record = await createResourceStore(declaration).find(db, row.id);
  return record ? Object.fromEntries(POLICY_DELIVERED_FIELDS.map((source) => [source, record[source] ?? null])) : null;
}

const versionSchema = (declaration: ResourceDeclaration) =>
  ({
    ...objectSchema(Object.fromEntries(POLICY_DELIVERED_FIELDS.map((source) => [source, fieldSchema(declaration.fields.find((field) => field.source === source)!)]))),
    nullable: true,
  }) as Record<string, unknown>;

const external: ViewHandler = {
  summary: 'Versiones vigentes de la política de tratamiento de datos y de los términos y condiciones, para los portales',
  responseSchema: objectSchema({
    dataProcessing: versionSchema(dataProcessingHistoriesResource),
    termsConditions: versionSchema(termsConditionHistoriesResource),
  }),
  run: async ({ db }) => ({
    dataProcessing: await currentVersion(db, dataProcessingHistoriesResource),
    termsConditions: await currentVersion(db, termsConditionHistoriesResource),
  }),
};

export class DataProcessingHistoriesService extends PolicyHistoryService {
  override readonly views: Record<string, ViewHandler> = { external };
  constructor() {
    super('data_processing_histories');
  }
}
