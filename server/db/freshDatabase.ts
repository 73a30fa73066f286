/** Creates a new, empty database on a PostgreSQL server (tests and benchmarks), and drops it afterwards. */
import pg from 'pg';

export interface FreshDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function run(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `template`: the name of a database (nobody connected to it) copied instead of an empty one (tests' seeded templates). */
export async function createFreshDatabase(baseUrl: string, prefix: string, template?: string): Promise<FreshDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  if (template !== undefined && !/^[a-z_][a-z0-9_]*$/.test(template)) throw new Error(`invalid template database: ${template}`);
  await run(baseUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => run(baseUrl, `drop database if exists ${name} with (force)`) };
}
