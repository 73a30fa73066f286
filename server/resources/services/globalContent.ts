/**
 * Banners and logos (resources/banners.ts, resources/logos.ts): a new record goes last in the list's order, and the
 * collections with a maximum (3 banners, 3 content logos) give each record one of their places (`slot`, unique and
 * bounded by the table's constraints). Creates take the table's lock first (`share row exclusive`: one create at a time,
 * reads go on), so two simultaneous creates do not both see the same free place; the database refuses a fourth
 * whatever happens (the constraint's refusal is answered as the same 400). Banners also need an image or a video.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { badArgument } from '../../http/errors';
import type { ApiError } from '../../http/errors';
import { CHECK_VIOLATION, UNIQUE_VIOLATION, postgresConstraint, postgresErrorCode } from '../dbErrors';
import { ResourceService, type PrepareContext, type WriteContext } from './base';

export interface OrderedOptions {
  table: string;
  /** The order field (its column is its snake_case) a new record goes last in; none when the list's place sets it (`collectionOrder`). */
  order?: { field: string; column: string };
  /** The rows of this declaration in a shared table (`logo_type = 1`). */
  where?: string;
  /** A bounded collection: places 1…max, the `slot` column, and the refusal beyond. */
  slots?: { max: number; target: string; messageKey: string; constraints: readonly string[] };
}

export class OrderedCollectionService extends ResourceService {
  constructor(private readonly options: OrderedOptions) {
    super();
  }

  override async prepareWrite({ tx, operation }: PrepareContext): Promise<void> {
    if (operation === 'create') await tx.execute(sql.raw(`lock table "${this.options.table}" in share row exclusive mode`));
  }

  override async beforeWrite({ tx, operation, values }: WriteContext): Promise<void> {
    if (operation !== 'create') return;
    const { table, order, where, slots } = this.options;
    const condition = where ? `where ${where}` : '';
    if (order) {
      const [last] = await queryRows<{ next: number }>(tx, sql.raw(`select coalesce(max("${order.column}"), 0) + 1 as next from "${table}" ${condition}`));
      values[order.field] = Number(last?.next ?? 1);
    }
    if (!slots) return;
    const [free] = await queryRows<{ slot: number | null }>(
      tx,
      sql.raw(`select min(s)::int as slot from generate_series(1, ${slots.max}) s where not exists (select 1 from "${table}" t where t.slot = s)`),
    );
    if (free?.slot == null) throw this.full();
    values.slot = free.slot;
  }

  override translateError(error: unknown): ApiError | undefined {
    const slots = this.options.slots;
    const code = postgresErrorCode(error);
    if (slots && (code === UNIQUE_VIOLATION || code === CHECK_VIOLATION) && slots.constraints.includes(postgresConstraint(error) ?? '')) return this.full();
    return undefined;
  }

  private full(): ApiError {
    const slots = this.options.slots!;
    return badArgument(slots.target, slots.messageKey, 'BadArgument', 400, { max: slots.max });
  }
}

export class BannersService extends OrderedCollectionService {
  constructor() {
    super({
      table: 'banners',
      order: { field: 'displayOrder', column: 'display_order' },
      slots: { max: 3, target: 'bannerID', messageKey: 'banners.validation.max_banners', constraints: ['banners_slot_unique', 'banners_slot_range'] },
    });
  }

  /** An image or a video (spec 02 §5), on the record as stored: a partial update keeps what it does not name. */
  override async afterWrite({ operation, after }: WriteContext): Promise<void> {
    if (operation === 'delete' || !after) return;
    if (!after.image && !after.urlVideo) throw badArgument('image', 'banners.validation.media_required');
  }
}

export const globalLogosService = () => new OrderedCollectionService({ table: 'global_logos', order: { field: 'position', column: 'position' }, where: 'logo_type = 0' });

export const contentLogosService = () =>
  new OrderedCollectionService({
    table: 'global_logos',
    order: { field: 'position', column: 'position' },
    where: 'logo_type = 1',
    slots: { max: 3, target: 'globalLogoId', messageKey: 'logos.validation.max_content', constraints: ['global_logos_slot_unique', 'global_logos_slot_by_type'] },
  });

