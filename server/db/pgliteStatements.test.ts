import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './connection';
import { PgliteStatements } from './pgliteStatements';
import { isStalePreparedStatement } from './preparedStatements';

describe('statements on PGlite', () => {
  let client: PGlite;
  let statements: PgliteStatements;

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`create table things (id int primary key, name text, tags text[], data jsonb, at timestamptz);
      insert into things values (1, 'uno', '{a,b}', '{"k": 1}', '2026-11-24T10:00:00Z'), (2, null, '{}', null, null);`);
    statements = new PgliteStatements(client);
  });
  afterAll(() => client.close());

  const run = (name: string | undefined, sql: string, params: unknown[], rowMode: 'object' | 'array' = 'object', rawTypes: number[] = []) =>
    statements.run({ name, sql, params, rowMode, rawTypes, inTransaction: false });

  it('answers what PGlite answers for the same statement, parameters serialised by their type', async () => {
    const sql = 'select id, name, tags, data, at from things where id = any($1::int[]) and (at is null or at < $2) order by id';
    const params = [[1, 2], new Date('2027-01-01T00:00:00Z')];
    const expected = await client.query(sql, params);
    const answer = await run('q_things', sql, params);
    expect(answer.rows).toEqual(expected.rows);
    expect(answer.fields).toEqual(expected.fields);
    expect(answer.rows[0]).toEqual({ id: 1, name: 'uno', tags: ['a', 'b'], data: { k: 1 }, at: new Date('2026-11-24T10:00:00Z') });
    // Run again under the same name: prepared once, still the same answer; null parameters as SQL nulls.
    expect((await run('q_things', sql, [[1], null])).rows).toEqual([]);
    expect((await run('q_things', sql, [[2], new Date()])).rows).toEqual([{ id: 2, name: null, tags: [], data: null, at: null }]);
    const names = await client.query<{ name: string }>('select name from pg_prepared_statements');
    expect(names.rows.map((row) => row.name)).toEqual(['q_things']);
  });

  it('runs an unnamed statement as PGlite does, with what a write answers, preparing nothing', async () => {
    const sql = 'select id, name, tags, data, at from things where id = any($1::int[]) order by id';
    expect((await run(undefined, sql, [[1, 2]])).rows).toEqual((await client.query(sql, [[1, 2]])).rows);
    const write = await run(undefined, 'update things set name = $1 where id = $2', ['dos', 2]);
    expect(write).toMatchObject({ rows: [], affectedRows: 1 });
    const returning = await run(undefined, 'update things set name = null where id = $1 returning id, name', [2]);
    expect(returning).toMatchObject({ rows: [{ id: 2, name: null }], affectedRows: 1 });
    const names = await client.query<{ name: string }>('select name from pg_prepared_statements');
    expect(names.rows.map((row) => row.name)).toEqual(['q_things']);
  });

  it('runs the statements of a transaction under way inside it, and a rollback takes them back', async () => {
    await client
      .transaction(async () => {
        const inside = { rowMode: 'object' as const, rawTypes: [], inTransaction: true };
        await statements.run({ ...inside, sql: `insert into things (id, name) values ($1, $2)`, params: [9, 'nueve'] });
        expect((await statements.run({ ...inside, sql: 'select name from things where id = $1', params: [9] })).rows).toEqual([{ name: 'nueve' }]);
        throw new Error('deshacer');
      })
      .catch((error: Error) => expect(error.message).toBe('deshacer'));
    expect((await run(undefined, 'select count(*)::int as n from things where id = $1', [9])).rows).toEqual([{ n: 0 }]);
  });

  it('keeps rows as arrays and leaves the columns of the given types as text', async () => {
    const answer = await run('q_array', 'select id, at from things where id = $1', [1], 'array', [1184]);
    expect(answer.rows).toEqual([[1, '2026-11-24 10:00:00+00']]);
    // The same statement without text types parses them again: the types left as text belong to one run only.
    expect((await run('q_array', 'select id, at from things where id = $1', [1], 'array')).rows).toEqual([[1, new Date('2026-11-24T10:00:00Z')]]);
  });

  it("fails with the database's own error, and the statement stays usable", async () => {
    const sql = 'select id from things where id = $1';
    await expect(run('q_bad_input', sql, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await run('q_bad_input', sql, [2])).rows).toEqual([{ id: 2 }]);
    await expect(run('q_syntax', 'select from where', [])).rejects.toMatchObject({ code: '42601' });
  });

  it('waits for a transaction under way and then reads what it committed', async () => {
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into things (id, name) values (3, 'tres')`);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await opened;
    const read = run('q_name', 'select name from things where id = $1', [3]);
    await transaction;
    expect((await read).rows).toEqual([{ name: 'tres' }]);
  });
});

describe('the embedded database runs its reads as named statements', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.query('create table notes (id int primary key, body text)');
    await database.query(`insert into notes values (1, 'hola')`);
  });
  afterAll(() => database.close());

  it('prepares a read once, leaves writes unnamed, and runs a read whose columns changed again unnamed', async () => {
    expect(await database.query('select * from notes where id = $1', [1])).toEqual([{ id: 1, body: 'hola' }]);
    expect(await database.query('select * from notes where id = $1', [1])).toEqual([{ id: 1, body: 'hola' }]);
    const preparedNames = () => database.query<{ name: string }>('select name from pg_prepared_statements order by name');
    expect((await preparedNames()).map((row) => row.name)).toHaveLength(2);
    // The prepared form of `select *` no longer fits the table: PostgreSQL refuses it, the read runs unnamed.
    await database.query('alter table notes add column title text');
    expect(await database.query('select * from notes where id = $1', [1])).toEqual([{ id: 1, body: 'hola', title: null }]);
    expect(await database.query('select * from notes where id = $1', [1])).toEqual([{ id: 1, body: 'hola', title: null }]);
  });

  it('recognises the refusal of a stale prepared statement as the pg path does', async () => {
    const client = await PGlite.create();
    try {
      await client.exec('create table t (a int)');
      const statements = new PgliteStatements(client);
      await statements.run({ name: 'q_t', sql: 'select * from t', params: [], rowMode: 'object', rawTypes: [], inTransaction: false });
      await client.exec('alter table t add column b int');
      const refusal = await statements.run({ name: 'q_t', sql: 'select * from t', params: [], rowMode: 'object', rawTypes: [], inTransaction: false }).catch((error: unknown) => error);
      expect(isStalePreparedStatement(refusal)).toBe(true);
    } finally {
      await client.close();
    }
  });
});
