import { describe, expect, it } from 'vitest';
import { isStalePreparedStatement, StatementNames } from './preparedStatements';

describe('StatementNames', () => {
  it('names a read statement by its text, the same name every time, different texts apart', () => {
    const names = new StatementNames();
    const first = names.nameOf('select 1 from sites where id = $1');
    expect(first).toMatch(/^q_[0-9a-f]{20}$/);
    expect(names.nameOf('select 1 from sites where id = $1')).toBe(first);
    expect(names.nameOf('  WITH page as (select 1) select * from page')).toMatch(/^q_/);
    expect(names.nameOf('select 2 from sites where id = $1')).not.toBe(first);
  });

  it('leaves writes and DDL unnamed', () => {
    const names = new StatementNames();
    expect(names.nameOf('update sites set name = $1')).toBeUndefined();
    expect(names.nameOf('insert into sites select 1')).toBeUndefined();
    expect(names.nameOf('drop index sites_name_idx')).toBeUndefined();
    expect(names.nameOf('selection')).toBeUndefined();
  });

  it('names no more than its capacity, and keeps the names it gave', () => {
    const names = new StatementNames(2);
    const a = names.nameOf('select 1');
    const b = names.nameOf('select 2');
    expect(names.nameOf('select 3')).toBeUndefined();
    expect(names.nameOf('select 1')).toBe(a);
    expect(names.nameOf('select 2')).toBe(b);
  });

  it('runs a statement unnamed for good once its prepared form went stale', () => {
    const names = new StatementNames();
    expect(names.nameOf('select * from sites')).toMatch(/^q_/);
    names.forget('select * from sites');
    expect(names.nameOf('select * from sites')).toBeUndefined();
    expect(isStalePreparedStatement({ code: '0A000', message: 'cached plan must not change result type' })).toBe(true);
    expect(isStalePreparedStatement({ code: '0A000', message: 'otra cosa' })).toBe(false);
    expect(isStalePreparedStatement(new Error('cached plan must not change result type'))).toBe(false);
  });

  it('runs a statement under its name, and again unnamed for good when the prepared form is refused as stale', async () => {
    const names = new StatementNames();
    const stale = Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
    const calls: Array<string | undefined> = [];
    const answer = await names.run('select * from sites', async (name) => {
      calls.push(name);
      if (name) throw stale;
      return 'sin nombre';
    });
    expect(answer).toBe('sin nombre');
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatch(/^q_/);
    expect(calls[1]).toBeUndefined();
    expect(names.nameOf('select * from sites')).toBeUndefined();
    // Any other failure is the caller's, not retried.
    const other = Object.assign(new Error('relation "nada" does not exist'), { code: '42P01' });
    let runs = 0;
    await expect(names.run('select * from nada', async () => (runs++, Promise.reject(other)))).rejects.toBe(other);
    expect(runs).toBe(1);
  });
});
