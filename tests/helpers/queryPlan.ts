/**
 * A statement's plan as PostgreSQL (or PGlite) chooses it: `EXPLAIN (FORMAT JSON)` flattened into its nodes, so a
 * test can assert the index a list reads and that nothing walks a whole table (issue 23).
 */
import type { Database } from '../../server/db/connection';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
  [key: string]: unknown;
}

/** Every node of the plan of `text` with `params`, depth first; `analyze`: run, with each node's actual rows (`buffers`: and pages). */
export async function planNodes(database: Database, statement: { text: string; params: unknown[] }, options: { analyze?: boolean; buffers?: boolean } = {}): Promise<PlanNode[]> {
  const what = `${options.analyze ? 'analyze, ' : ''}${options.analyze && options.buffers ? 'buffers, ' : ''}`;
  const [row] = await database.query<{ 'QUERY PLAN': unknown }>(`explain (${what}format json) ${statement.text}`, statement.params);
  const raw = row!['QUERY PLAN'];
  const document = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode): void => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(document[0]!.Plan);
  return nodes;
}

/** The tables a plan reads and how: `Seq Scan users`, `Index Scan users_pkey`… */
export function planScans(nodes: readonly PlanNode[]): string[] {
  return nodes.filter((node) => node['Relation Name'] || node['Index Name']).map((node) => `${node['Node Type']} ${node['Index Name'] ?? node['Relation Name']}`);
}
