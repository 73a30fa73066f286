/**
 * The audit list under each filter its screen combines (user, resource, dates) and the API's action and e-mail filters
 * (issue 23): page 50 by offset is one range of an index ending in (at, id), read index only, never a walk of the
 * trail's order that drops rows, nor a sort; the pages are those of the plain query. Its page offers only that order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditResource } from '../../resources/audit';
import { readListQuery } from '../../server/lists/listQuery';
import { resourceListSpec } from '../../server/resources/listSpec';
import { resourceListSql } from '../../server/resources/store';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { planNodes, planScans, type PlanNode } from '../helpers/queryPlan';

let t: TestApp;
let token: string;
const LINES = 40_000;
const spec = resourceListSpec(auditResource);
/** The nodes from `node` down to the first one that `found` accepts (depth first), or null. */
function pathTo(node: PlanNode, found: (node: PlanNode) => boolean): PlanNode[] | null {
  if (found(node)) return [node];
  for (const child of node.Plans ?? []) {
    const below = pathTo(child, found);
    if (below) return [node, ...below];
  }
  return null;
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  token = await t.tokenFor(['Settings']);
  // 40 users, 8 resources and 6 actions over a year; user 7001 never writes `sites` (a combination with no line).
  await t.database.query(
    `insert into audit_log (at, user_id, user_email, action, resource, record_id)
     select now() - make_interval(mins => g * 13), 7000 + g % 40, 'u' || (g % 40) || '@plan.test',
            (array['create','update','delete','login','logout','soft_delete'])[1 + g % 6],
            case when g % 40 = 1 and (g / 40) % 8 = 0 then 'groups' else (array['sites','groups','auth','files','locations','superadmins','settings','sitetypes'])[1 + (g / 40) % 8] end,
            g::text
       from generate_series(1, ${LINES}) g`,
  );
  await t.database.query('vacuum analyze audit_log');
}, 120_000);
afterAll(async () => t?.close());

const FILTERS: Array<[string, Record<string, string>, string]> = [
  ['user', { userId: '7003' }, 'audit_log_user_idx'],
  ['resource', { resource: 'sites' }, 'audit_log_resource_idx'],
  ['user and resource', { userId: '7003', resource: 'sites' }, 'audit_log_user_resource_idx'],
  ['user and resource, no line', { userId: '7001', resource: 'sites' }, 'audit_log_user_resource_idx'],
  ['user, resource and dates', { userId: '7003', resource: 'auth', from: '2000-01-01', to: '2100-01-01' }, 'audit_log_user_resource_idx'],
  ['action', { action: 'update' }, 'audit_log_action_idx'],
  ['e-mail', { userEmail: 'u5@plan.test' }, 'audit_log_email_idx'],
];

describe('audit pages: one index range per filter combination (EXPLAIN on the test database)', () => {
  it.each(FILTERS)('%s, page 50, either direction', async (_label, filters, index) => {
    for (const orderBy of ['-at', 'at']) {
      const nodes = await planNodes(t.database, resourceListSql(auditResource, readListQuery(spec, { ...filters, orderBy, page: '50' })));
      const scans = planScans(nodes).filter((scan) => !scan.endsWith('audit_log_pkey'));
      expect(scans, orderBy).toEqual([`Index Only Scan ${index}`]);
      // The page's limit right over the index (a sort above it orders only the page's rows, read again by id).
      const path = pathTo(nodes[0]!, (node) => node['Index Name'] === index)!;
      expect(path.slice(-2).map((node) => node['Node Type']), orderBy).toEqual(['Limit', 'Index Only Scan']);
      // Every condition is the index's: nothing read is dropped by a filter.
      expect(nodes.filter((node) => node.Filter !== undefined && node['Index Name'] === index), orderBy).toEqual([]);
    }
  });

  it('the first page reads the same index, stopped by its limit', async () => {
    const nodes = await planNodes(t.database, resourceListSql(auditResource, readListQuery(spec, { userId: '7003', resource: 'sites' })));
    expect(nodes.slice(0, 2).map((node) => `${node['Node Type']} ${node['Index Name'] ?? ''} ${node['Scan Direction'] ?? ''}`.trim())).toEqual([
      'Limit',
      'Index Scan audit_log_user_resource_idx Backward',
    ]);
  });
});

describe('audit pages: the rows of the plain query', () => {
  it.each(FILTERS)('%s, page 50', async (_label, filters) => {
    const query = new URLSearchParams({ ...filters, page: '50', pageSize: '20' });
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/audit/?${query}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const conditions = Object.entries({ userId: 'user_id', resource: 'resource', action: 'action', userEmail: 'user_email' })
      .filter(([name]) => filters[name] !== undefined)
      .map(([name, column]) => `${column}::text = '${filters[name]}'`);
    const expected = await t.database.query<{ id: number }>(
      `select id from audit_log where true ${conditions.map((condition) => `and ${condition}`).join(' ')} order by at desc, id desc limit 20 offset 980`,
    );
    expect(response.json().results.map((row: { id: number }) => Number(row.id))).toEqual(expected.map((row) => Number(row.id)));
  });
});

describe('audit orders', () => {
  it('a page offers the screen\'s order only (400 in Spanish); the export keeps every order', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/audit/?orderBy=action', headers: bearer(token) });
    expect(page.statusCode).toBe(400);
    expect(page.json().error.details).toEqual([expect.objectContaining({ target: 'orderBy' })]);
    expect(page.json().error.details[0].message).toMatch(/orden/i);
    const file = await t.app.inject({ method: 'GET', url: '/api/v1/audit/export?format=csv&orderBy=action&resource=auth', headers: bearer(token) });
    expect(file.statusCode).toBe(200);
  });
});
