/**
 * Portal scores (spec 01 §3 'Score', spec 03 'Indicators', issue 8 'Scores'): the indicators that score each portal,
 * the colour configuration of indicator scores (one row: lowerLimit, upperLimit), each site's monthly total out of
 * 100 and its per-indicator scores. The platform's own score source (server/scores/platformSource.ts) reads them;
 * the demo data fills them now, the reports work's computed scores later. Part of the schema re-exported by
 * server/db/schema.ts. Seeds (indicators, default colour limits) and the trigger keeping `sites.latest_score`:
 * migration 0020_scores.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { siteTypes } from './catalogues';
import { sites } from './sites';

/** Spec 03 §3 'Indicator': indicatorId, name, link, threshold, thresholdDescription, hasThreshold. */
export const indicators = pgTable('indicators', {
  indicatorId: serial('indicator_id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  /** Spec 03 §5: the per-indicator link is max 150. */
  link: varchar('link', { length: 150 }),
  threshold: integer('threshold'),
  thresholdDescription: varchar('threshold_description', { length: 500 }),
  hasThreshold: boolean('has_threshold').notNull().default(false),
  /** Display order of the detail's indicator list. */
  position: smallint('position').notNull().default(0),
});

/**
 * Spec 03 §3 'Colour config' (lowerLimit, upperLimit) of the slider 0–100 (limits 1 and 99, minimum range 1): below
 * lowerLimit a score is red, from lowerLimit to below upperLimit yellow, from upperLimit green. One row (id 1).
 */
export const indicatorColorConfig = pgTable(
  'indicator_color_config',
  {
    id: smallint('id').primaryKey().default(1),
    lowerLimit: smallint('lower_limit').notNull(),
    upperLimit: smallint('upper_limit').notNull(),
  },
  (t) => [
    check('indicator_color_config_one_row', sql`${t.id} = 1`),
    check('indicator_color_config_limits', sql`${t.lowerLimit} >= 1 and ${t.upperLimit} <= 99 and ${t.upperLimit} - ${t.lowerLimit} >= 1`),
  ],
);

/**
 * A site's total score of one month, out of 100 (spec 01 §9). `site_type_id` is the site's entity type when it was
 * scored: the ranking by entity type reads one index range without joining the sites.
 */
export const siteScores = pgTable(
  'site_scores',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    siteTypeId: integer('site_type_id')
      .notNull()
      .references(() => siteTypes.id),
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /**
     * The month's ranking as stored facts (migration 0022_score_ranks), written by the database only: the statement
     * trigger `site_scores_ranks` recomputes a written month's four columns at the end of each statement. `…Position`
     * is the place from 0 in the ranking's order (score descending, the site id breaking ties); `…Rank` the
     * competition rank (1 + the sites with a better score). `general…` in the month, `type…` among its entity type.
     */
    generalPosition: integer('general_position'),
    generalRank: integer('general_rank'),
    typePosition: integer('type_position'),
    typeRank: integer('type_rank'),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.year, t.month] }),
    check('site_scores_score_range', sql`${t.score} between 0 and 100`),
    check('site_scores_month_range', sql`${t.month} between 1 and 12`),
    // The rankings at 35,000 sites: the general one and the one by entity type each read one range of an index in
    // the ranking's order (score descending, the site as the tie breaker): a window is an index scan, a position a count.
    index('site_scores_ranking_idx').on(t.year, t.month, t.score.desc(), t.siteId),
    index('site_scores_type_ranking_idx').on(t.siteTypeId, t.year, t.month, t.score.desc(), t.siteId),
    // The stored ranks: a ranking window is one range of positions, the month's size its last position.
    index('site_scores_general_position_idx').on(t.year, t.month, t.generalPosition),
    index('site_scores_type_position_idx').on(t.siteTypeId, t.year, t.month, t.typePosition),
  ],
);

/** A site's score in one indicator for one month, out of 100. */
export const siteIndicatorScores = pgTable(
  'site_indicator_scores',
  {
    siteId: integer('site_id').notNull(),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    indicatorId: integer('indicator_id')
      .notNull()
      .references(() => indicators.indicatorId, { onDelete: 'cascade' }),
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.year, t.month, t.indicatorId] }),
    foreignKey({ columns: [t.siteId, t.year, t.month], foreignColumns: [siteScores.siteId, siteScores.year, siteScores.month] }).onDelete('cascade'),
    check('site_indicator_scores_score_range', sql`${t.score} between 0 and 100`),
  ],
);
