/**
 * Stored score ranks (issue 8 'Ranking queries stay fast at 35,000 sites', migration 0022_score_ranks): each monthly
 * total carries its general and per-entity-type position and competition rank, kept by the database at the end of
 * every statement writing scores — a score change, a new month loaded in one statement, a site's row changing entity
 * type or month, a removal (also by a site's cascade) — and the ranking route reads them as one index range. Every
 * month written here is also checked against the ranks computed from scratch in the test (order score descending,
 * site id ascending; competition ranks).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { siteScores, sites } from '../../server/db/schema';
import { rankingPlaceSql, rankingWindowSql } from '../../server/scores/platformSource';
import { openDatabase } from '../../server/db/connection';
import { bearer, createTestApp } from '../helpers/testApp';

const t = await createTestApp({ seed: 'reference' });
const token = await t.tokenFor(['Sites'], 'rangos-puntajes@portales.test');
// PostgreSQL: a second pool, as another process would have (the concurrency test). PGlite has one connection.
const otherDatabase = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl }) : null;
afterAll(async () => {
  await otherDatabase?.close();
  await t.close();
});

const all = await t.database.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id));
const ids = all.map((row) => row.id);
const [a, b, c, d, e, f] = ids as [number, number, number, number, number, number];

interface StoredRow {
  siteId: number;
  siteTypeId: number;
  score: number;
  generalPosition: number | null;
  generalRank: number | null;
  typePosition: number | null;
  typeRank: number | null;
}

async function month(year: number, monthNumber: number): Promise<StoredRow[]> {
  const rows = await t.database.query<Record<string, unknown>>(
    `select site_id, site_type_id, score, general_position, general_rank, type_position, type_rank
       from site_scores where year = $1 and month = $2 order by site_id`,
    [year, monthNumber],
  );
  const n = (value: unknown) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    siteId: Number(row.site_id),
    siteTypeId: Number(row.site_type_id),
    score: Number(row.score),
    generalPosition: n(row.general_position),
    generalRank: n(row.general_rank),
    typePosition: n(row.type_position),
    typeRank: n(row.type_rank),
  }));
}

/** The ranks from scratch: position from 0 (score desc, site id asc), competition rank (1 + the better scores). */
function expectedRanks(rows: StoredRow[]): Map<number, Omit<StoredRow, 'siteId' | 'siteTypeId' | 'score'>> {
  const order = (list: StoredRow[]) => [...list].sort((x, y) => y.score - x.score || x.siteId - y.siteId);
  const general = order(rows);
  const result = new Map<number, Omit<StoredRow, 'siteId' | 'siteTypeId' | 'score'>>();
  for (const row of rows) {
    const ofType = order(rows.filter((other) => other.siteTypeId === row.siteTypeId));
    result.set(row.siteId, {
      generalPosition: general.indexOf(row),
      generalRank: rows.filter((other) => other.score > row.score).length + 1,
      typePosition: ofType.indexOf(row),
      typeRank: ofType.filter((other) => other.score > row.score).length + 1,
    });
  }
  return result;
}

/** Every row of the month carries the ranks computed from scratch. */
async function expectConsistent(year: number, monthNumber: number): Promise<StoredRow[]> {
  const rows = await month(year, monthNumber);
  const expected = expectedRanks(rows);
  for (const row of rows) {
    expect({ siteId: row.siteId, ...expected.get(row.siteId) }).toEqual({
      siteId: row.siteId,
      generalPosition: row.generalPosition,
      generalRank: row.generalRank,
      typePosition: row.typePosition,
      typeRank: row.typeRank,
    });
  }
  return rows;
}

const ranksOf = (rows: StoredRow[]) =>
  Object.fromEntries(rows.map((row) => [row.siteId, [row.generalPosition, row.generalRank, row.typePosition, row.typeRank]]));

interface RankingBody {
  results: Array<{ rank: number; siteId: number; score: number; current: boolean }>;
  meta: { offset: number; total: number; currentOffset: number | null; currentRank: number | null };
}
const ranking = async (siteId: number, query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/sites/${siteId}/scores/ranking?${query}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json() as RankingBody;
};

// March 2026: six sites, types 2 and 4; ties at 80 (a, c: type 2 and 2) and at 60 (d, e: types 4 and 2).
await t.database.db.insert(siteScores).values([
  { siteId: a, year: 2026, month: 3, siteTypeId: 2, score: 80 },
  { siteId: b, year: 2026, month: 3, siteTypeId: 4, score: 90 },
  { siteId: c, year: 2026, month: 3, siteTypeId: 2, score: 80 },
  { siteId: d, year: 2026, month: 3, siteTypeId: 4, score: 60 },
  { siteId: e, year: 2026, month: 3, siteTypeId: 2, score: 60 },
  { siteId: f, year: 2026, month: 3, siteTypeId: 4, score: 50 },
]);

describe('stored ranks', () => {
  it('ties share a competition rank; the site id orders their positions (general and by entity type)', async () => {
    const rows = await expectConsistent(2026, 3);
    // [general position, general rank, type position, type rank]
    expect(ranksOf(rows)).toEqual({
      [b]: [0, 1, 0, 1],
      [a]: [1, 2, 0, 1],
      [c]: [2, 2, 1, 1],
      [d]: [3, 4, 1, 2],
      [e]: [4, 4, 2, 3],
      [f]: [5, 6, 2, 3],
    });
    const body = await ranking(c, 'year=2026&month=3');
    expect(body.results.map((entry) => [entry.rank, entry.siteId, entry.current])).toEqual([
      [1, b, false],
      [2, a, false],
      [2, c, true],
      [4, d, false],
      [4, e, false],
    ]);
    expect(body.meta).toMatchObject({ offset: 0, total: 6, currentOffset: 2, currentRank: 2 });
    const byType = await ranking(e, 'year=2026&month=3&siteTypeId=2');
    expect(byType.results.map((entry) => [entry.rank, entry.siteId])).toEqual([
      [1, a],
      [1, c],
      [3, e],
    ]);
    expect(byType.meta).toMatchObject({ total: 3, currentOffset: 2, currentRank: 3 });
  });

  it('follow a score change: the site moves and the sites it passes move down', async () => {
    await t.database.db.update(siteScores).set({ score: 95 }).where(and(eq(siteScores.siteId, e), eq(siteScores.year, 2026), eq(siteScores.month, 3)));
    const rows = await expectConsistent(2026, 3);
    expect(ranksOf(rows)[e]).toEqual([0, 1, 0, 1]);
    expect(ranksOf(rows)[b]).toEqual([1, 2, 0, 1]);
    expect(ranksOf(rows)[d]).toEqual([4, 5, 1, 2]);
    const body = await ranking(e, 'year=2026&month=3&offset=0');
    expect(body.results.map((entry) => [entry.rank, entry.siteId])).toEqual([
      [1, e],
      [2, b],
      [3, a],
      [3, c],
      [5, d],
    ]);
    expect(body.meta.currentRank).toBe(1);
  });

  it('a new month loaded in one statement is ranked on its own; the other months keep theirs', async () => {
    const before = ranksOf(await month(2026, 3));
    // Every reference site in one insert, scores with many ties (0 to 40 by steps).
    await t.database.query(
      `insert into site_scores (site_id, year, month, site_type_id, score)
       select id, 2026, 4, site_type_id, (abs(hashtext('r' || id)) % 41)::numeric from sites`,
    );
    const rows = await expectConsistent(2026, 4);
    expect(rows.length).toBe(ids.length);
    expect(rows.length).toBeGreaterThan(100);
    expect(ranksOf(await month(2026, 3))).toEqual(before);
    // The route reads the same stored facts: the window of the month's last full page.
    const last = await ranking(a, `year=2026&month=4&offset=${rows.length}`);
    expect(last.meta).toMatchObject({ total: rows.length, offset: rows.length - 5 });
    const expected = expectedRanks(rows);
    const byPosition = [...rows].sort((x, y) => expected.get(x.siteId)!.generalPosition! - expected.get(y.siteId)!.generalPosition!);
    expect(last.results.map((entry) => [entry.rank, entry.siteId])).toEqual(
      byPosition.slice(-5).map((row) => [expected.get(row.siteId)!.generalRank, row.siteId]),
    );
  });

  it("a site's row changing entity type leaves one type's ranking for the other's", async () => {
    // c (type 2, 80) becomes a council (type 4).
    await t.database.db.update(siteScores).set({ siteTypeId: 4 }).where(and(eq(siteScores.siteId, c), eq(siteScores.year, 2026), eq(siteScores.month, 3)));
    const rows = await expectConsistent(2026, 3);
    expect(ranksOf(rows)[c]).toEqual([3, 3, 1, 2]);
    const mayoralties = await ranking(a, 'year=2026&month=3&siteTypeId=2');
    expect(mayoralties.results.map((entry) => entry.siteId)).toEqual([e, a]);
    expect(mayoralties.meta.total).toBe(2);
    const councils = await ranking(c, 'year=2026&month=3&siteTypeId=4');
    expect(councils.results.map((entry) => [entry.rank, entry.siteId])).toEqual([
      [1, b],
      [2, c],
      [3, d],
      [4, f],
    ]);
    expect(councils.meta).toMatchObject({ total: 4, currentOffset: 1, currentRank: 2 });
    // Not in the mayoralties' ranking any more: no place there.
    expect((await ranking(c, 'year=2026&month=3&siteTypeId=2')).meta).toMatchObject({ currentOffset: null, currentRank: null });
  });

  it('a row moved to another month, a removed score and a deleted site re-rank both months', async () => {
    await t.database.db.update(siteScores).set({ month: 5 }).where(and(eq(siteScores.siteId, b), eq(siteScores.year, 2026), eq(siteScores.month, 3)));
    await expectConsistent(2026, 3);
    expect(ranksOf(await expectConsistent(2026, 5))).toEqual({ [b]: [0, 1, 0, 1] });
    await t.database.db.delete(siteScores).where(and(eq(siteScores.siteId, e), eq(siteScores.year, 2026), eq(siteScores.month, 3)));
    expect(ranksOf(await expectConsistent(2026, 3))[a]).toEqual([0, 1, 0, 1]);
    // A site's deletion cascades to its scores: the months it left are ranked again.
    const removed = ids[ids.length - 1]!;
    await t.database.db.delete(sites).where(eq(sites.id, removed));
    const april = await expectConsistent(2026, 4);
    expect(april.length).toBe(ids.length - 1);
    expect((await ranking(a, 'year=2026&month=4')).meta.total).toBe(ids.length - 1);
  });

  it('a write that changes no score leaves the ranks as they are (and rewrites no row)', async () => {
    const before = await month(2026, 4);
    const [{ xmin: xminBefore }] = (await t.database.query<{ xmin: string }>(
      'select xmin::text from site_scores where site_id = $1 and year = 2026 and month = 4',
      [a],
    )) as [{ xmin: string }];
    await t.database.db.update(siteScores).set({ score: before.find((row) => row.siteId === b)!.score }).where(and(eq(siteScores.siteId, b), eq(siteScores.year, 2026), eq(siteScores.month, 4)));
    expect(await month(2026, 4)).toEqual(before);
    const [{ xmin: xminAfter }] = (await t.database.query<{ xmin: string }>(
      'select xmin::text from site_scores where site_id = $1 and year = 2026 and month = 4',
      [a],
    )) as [{ xmin: string }];
    expect(xminAfter).toBe(xminBefore);
  });

  it('two transactions writing the same month: the later waits for the earlier and ranks its rows too', async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = t.database.db.transaction(async (tx) => {
      await tx.insert(siteScores).values({ siteId: a, year: 2026, month: 6, siteTypeId: 2, score: 50 });
      inserted();
      await gate;
    });
    await insertedYet;
    if (otherDatabase) {
      // PostgreSQL: the second writer's statement waits for the first transaction's end (the ranks' lock).
      let secondDone = false;
      const second = otherDatabase.db.insert(siteScores).values({ siteId: c, year: 2026, month: 6, siteTypeId: 2, score: 70 }).then(() => {
        secondDone = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(secondDone).toBe(false);
      release();
      await Promise.all([first, second]);
    } else {
      release();
      await first;
      await t.database.db.insert(siteScores).values({ siteId: c, year: 2026, month: 6, siteTypeId: 2, score: 70 });
    }
    expect(ranksOf(await expectConsistent(2026, 6))).toEqual({ [c]: [0, 1, 0, 1], [a]: [1, 2, 1, 2] });
  });

  it('the route reads ranges of the position indexes: no sort, no count of the month', async () => {
    await t.database.query('analyze site_scores');
    // A few rows here: the planner would read them all (or their bitmap) and sort; at 35,000 sites it reads the range.
    await t.database.query('set enable_seqscan = off');
    await t.database.query('set enable_bitmapscan = off');
    const plan = async ({ text, values }: { text: string; values: unknown[] }) =>
      (await t.database.query<Record<string, string>>(`explain ${text}`, values)).map((row) => Object.values(row)[0]).join('\n');
    const general = { period: { year: 2026, month: 4 }, siteTypeId: null, offset: null };
    const byType = { period: { year: 2026, month: 4 }, siteTypeId: 2, offset: null };
    try {
      const generalWindow = await plan(rankingWindowSql(general, 100));
      expect(generalWindow).toMatch(/Index Scan using site_scores_general_position_idx/);
      expect(generalWindow).not.toMatch(/Sort|Aggregate/);
      const typeWindow = await plan(rankingWindowSql(byType, 10));
      expect(typeWindow).toMatch(/Index Scan using site_scores_type_position_idx/);
      expect(typeWindow).not.toMatch(/Sort|Aggregate/);
      // The month's size is its last position, read backwards from the same index; the site's place, its primary key.
      const generalPlace = await plan(rankingPlaceSql(a, general));
      expect(generalPlace).toMatch(/Index (Only )?Scan Backward using site_scores_general_position_idx/);
      expect(generalPlace).toMatch(/site_scores_site_id_year_month_pk/);
      expect(generalPlace).not.toMatch(/Sort|Aggregate/);
      const typePlace = await plan(rankingPlaceSql(a, byType));
      expect(typePlace).toMatch(/Index (Only )?Scan Backward using site_scores_type_position_idx/);
      expect(typePlace).not.toMatch(/Sort|Aggregate/);
    } finally {
      await t.database.query('reset enable_seqscan');
      await t.database.query('reset enable_bitmapscan');
    }
  });
});
