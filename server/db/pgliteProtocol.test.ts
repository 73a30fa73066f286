import { describe, expect, it } from 'vitest';
import { postgresConstraint, postgresErrorCode } from '../resources/dbErrors';
import { applyParsers, deserializeError, serializeError, type QueryAnswer } from './pgliteProtocol';

describe('errors crossing from the worker', () => {
  const driverError = Object.assign(new Error('duplicate key value violates unique constraint "sites_alias_key"'), {
    name: 'error',
    code: '23505',
    constraint: 'sites_alias_key',
    table: 'sites',
    detail: 'Key (alias)=(x) already exists.',
    line: 123,
    position: undefined,
    query: 'insert into sites …',
    params: ['x'],
    queryOptions: { parsers: { 1184: (value: string) => value } },
  });

  it('keep the message, the name and the fields the error mapper reads', () => {
    const error = deserializeError(structuredClone(serializeError(driverError)));
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(driverError.message);
    expect(error.name).toBe('error');
    expect(postgresErrorCode(error)).toBe('23505');
    expect(postgresConstraint(error)).toBe('sites_alias_key');
    expect(error).toMatchObject({ table: 'sites', detail: 'Key (alias)=(x) already exists.', line: 123 });
  });

  it('leave out the statement, its parameters and whatever cannot be cloned', () => {
    const serialized = serializeError(driverError);
    expect(Object.keys(serialized.fields).sort()).toEqual(['code', 'constraint', 'detail', 'line', 'name', 'table']);
    expect(() => structuredClone(serialized)).not.toThrow();
  });

  it('turn a thrown non-error into a message', () => {
    expect(serializeError('boom')).toEqual({ message: 'boom', name: 'Error', fields: {} });
  });
});

describe('applyParsers', () => {
  const fields = [
    { name: 'id', dataTypeID: 23 },
    { name: 'createdAt', dataTypeID: 1184 },
  ];
  const parsers = { 1184: (value: string) => `parsed ${value}` };

  it('parses the text of the columns whose type has a parser, in object rows', () => {
    const answer: QueryAnswer = { rows: [{ id: 1, createdAt: '2024-01-01' }, { id: 2, createdAt: null }], fields };
    applyParsers(answer, 'object', parsers);
    expect(answer.rows).toEqual([{ id: 1, createdAt: 'parsed 2024-01-01' }, { id: 2, createdAt: null }]);
  });

  it('does the same by position in array rows', () => {
    const answer: QueryAnswer = { rows: [[1, '2024-01-01']], fields };
    applyParsers(answer, 'array', parsers);
    expect(answer.rows).toEqual([[1, 'parsed 2024-01-01']]);
  });

  it('leaves every column alone without parsers', () => {
    const answer: QueryAnswer = { rows: [{ id: 1, createdAt: '2024-01-01' }], fields };
    applyParsers(answer, 'object', {});
    expect(answer.rows).toEqual([{ id: 1, createdAt: '2024-01-01' }]);
  });
});
