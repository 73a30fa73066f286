/**
 * The delivery API's reads at 35,000 sites (issue 24, migration 0034_delivery_now): for the calling portal, the site is
 * one row by its key, and the pop-ups and news are read through the GiST index of the rows that apply now
 * (contents_now_idx), which yields exactly those: none of the thousands that ended, are scheduled or unpublished is
 * read, and the read touches fewer pages than the table holds. Plans by EXPLAIN (ANALYZE, BUFFERS) on the test's
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL); no timing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentsResource } from '../../resources/contents';
import { bySite, deliveredDeclarations, deliveryFor, deliverySql } from '../../server/delivery/delivery';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { planNodes, type PlanNode } from '../helpers/queryPlan';

const SITES = 35_000;
const NOW = { nullDates: 4, inRange: 4, openEnded: 4 };
const APPLYING = NOW.nullDates + NOW.inRange + NOW.openEnded;
const ENDED = 4_000;
const SCHEDULED = 300;
const UNPUBLISHED = 1_000;

let t: TestApp;
let siteId: number;
let applying: number[];

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  // The demo's sites repeated to 35,000 (their places and types), all active.
  await t.database.query(
    `with s as (select array_agg(id order by id) as ids from sites where location_id is not null)
     insert into sites (name, alias, parent_location_id, location_id, site_type_id, order_type, installed, status_id)
     select 'Entidad del plan ' || g, 'entidad-plan-' || g, o.parent_location_id, o.location_id, o.site_type_id, 1, true, 1
       from generate_series(1, ${SITES} - (select count(*)::int from sites)) g, s, sites o where o.id = s.ids[1 + g % cardinality(s.ids)]`,
  );
  const body = `'<p>' || repeat('Texto del aviso para las entidades. ', 10) || '</p>'`;
  const country = `jsonb_build_object('segment', 0, 'departments', '[]'::jsonb, 'municipalities', '[]'::jsonb, 'groups', '[]'::jsonb, 'siteTypes', (select jsonb_agg(id order by id) from site_types))`;
  const insert = (count: number, published: boolean, from: string, to: string) =>
    t.database.query(
      `insert into contents (name, body, published, show_from_date, show_to_date, display_order, audience)
       select 'Aviso ' || g, ${body}, ${published}, ${from}, ${to}, g, ${country} from generate_series(1, ${count}) g`,
    );
  await t.database.query('delete from contents');
  await insert(ENDED, true, `now() - make_interval(days => 10 + g % 300)`, `now() - make_interval(days => 1 + g % 9)`);
  await insert(SCHEDULED, true, `now() + make_interval(days => 1 + g % 30)`, `now() + make_interval(days => 40 + g % 30)`);
  await insert(UNPUBLISHED, false, 'null', 'null');
  await insert(NOW.nullDates, true, 'null', 'null');
  await insert(NOW.inRange, true, `now() - interval '1 day'`, `now() + interval '1 day'`);
  await insert(NOW.openEnded, true, `now() - interval '2 days'`, 'null');
  applying = (
    await t.database.query<{ id: number }>(
      `select content_id as id from contents
        where published and (show_from_date is null or show_from_date <= now()) and (show_to_date is null or show_to_date > now())
        order by display_order, content_id`,
    )
  ).map((row) => row.id);
  const [site] = await t.database.query<{ id: number }>('select id from sites where installed and status_id = 1 and not is_deleted order by id desc limit 1');
  siteId = site!.id;
  await t.database.query('vacuum analyze sites');
  await t.database.query('vacuum analyze contents');
}, 180_000);
afterAll(async () => t?.close());

/** Rows a scan node read: those it kept and those its filter or recheck dropped, over all its loops. */
const rowsRead = (node: PlanNode) =>
  (Number(node['Actual Rows'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0) + Number(node['Rows Removed by Index Recheck'] ?? 0)) * Number(node['Actual Loops'] ?? 1);
const reads = (nodes: PlanNode[], table: string) => nodes.filter((node) => node['Relation Name'] === table);

describe('the delivery at 35,000 sites', () => {
  it('has the data at size: 35,000 sites, and the contents that apply now are few among thousands', async () => {
    const [{ count }] = (await t.database.query<{ count: number }>('select count(*)::int as count from sites')) as [{ count: number }];
    expect(count).toBe(SITES);
    expect(applying).toHaveLength(APPLYING);
    const answer = await deliveryFor(t.database, { id: siteId, alias: 'entidad' }, null);
    expect((answer.contents as Array<{ contentID: number }>).map((row) => row.contentID)).toEqual(applying);
  });

  it('reads the pop-ups and news through contents_now_idx: exactly the rows that apply now, fewer pages than the table', async () => {
    const nodes: PlanNode[] = await planNodes(t.database, { text: deliverySql(deliveredDeclarations().find((d) => d.name === contentsResource.name)!, false), params: [siteId] }, { analyze: true, buffers: true });
    const contents = reads(nodes, 'contents');
    expect(contents.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const index = nodes.filter((node) => node['Index Name'] === 'contents_now_idx');
    expect(index.length).toBeGreaterThan(0);
    // What the index yields, and what the table scan over it reads, is the rows that apply now and nothing else.
    expect(index.reduce((sum, node) => sum + Number(node['Actual Rows']) * Number(node['Actual Loops'] ?? 1), 0)).toBe(APPLYING);
    expect(contents.reduce((sum, node) => sum + rowsRead(node), 0)).toBe(APPLYING);
    // The site: one row by its key, never a walk of the 35,000.
    const sites = reads(nodes, 'sites');
    expect(sites.map((node) => node['Node Type'])).toEqual(['Index Scan']);
    expect(sites.reduce((sum, node) => sum + rowsRead(node), 0)).toBe(1);
    // Pages touched by the whole statement: fewer than the contents table alone holds.
    const [{ pages }] = (await t.database.query<{ pages: number }>("select relpages as pages from pg_class where relname = 'contents'")) as [{ pages: number }];
    const root = nodes[0]!;
    const touched = Number(root['Shared Hit Blocks'] ?? 0) + Number(root['Shared Read Blocks'] ?? 0);
    expect(pages).toBeGreaterThan(100);
    expect(touched).toBeLessThan(pages / 4);
  });

  it('reads no declaration by walking the sites', async () => {
    for (const declaration of deliveredDeclarations().filter((candidate) => !candidate.singleton)) {
      // A list for every portal alike (the footer's links, the shortcuts) reads no site at all.
      const nodes = await planNodes(t.database, { text: deliverySql(declaration, false), params: bySite(declaration) ? [siteId] : [] }, { analyze: true });
      expect(reads(nodes, 'sites').map((node) => node['Node Type']), declaration.name).not.toContain('Seq Scan');
      expect(reads(nodes, 'sites').reduce((sum, node) => sum + rowsRead(node), 0), declaration.name).toBeLessThanOrEqual(1);
    }
  });
});
