import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListSpec } from '../../resources/listQuery';
import {
  countColumns,
  escapeLike,
  listLimit,
  listOrderBy,
  listPage,
  listQueryError,
  listQuerySchema,
  listWhere,
  parseListQuery,
  readListQuery,
  SqlParams,
} from './listQuery';

const spec: ListSpec = {
  defaultPageSize: 20,
  maxPageSize: 100,
  orders: { name: 'spanish_key(s.name) collate "C"', id: 's.id', population: { sql: 's.population', nullsLast: true } },
  defaultOrder: 'name',
  tieBreaker: 's.id',
  filters: {
    id: { kind: 'in', type: 'int', sql: 's.id', min: 1, description: 'Ids' },
    name: { kind: 'search', sql: ['s.name'], maxLength: 10, description: 'Nombre' },
    groupID: { kind: 'eq', type: 'int', min: 1, sql: (p) => `exists (select 1 from group_sites gs where gs.group_id = ${p})`, description: 'Grupo' },
    status: { kind: 'choice', choices: { '1': 's.status_id = 1', '2': 's.status_id <> 1' }, description: 'Estado' },
    pendingRequest: { kind: 'bool', sql: 's.pending_request', description: 'Pendiente' },
    from: { kind: 'range', type: 'date', bound: 'from', sql: 's.at', description: 'Desde' },
    to: { kind: 'range', type: 'date', bound: 'to', sql: 's.at', description: 'Hasta' },
    resource: { kind: 'eq', type: 'text', sql: 's.resource', maxLength: 5, description: 'Recurso' },
    tag: { kind: 'in', type: 'text', sql: 's.tag', description: 'Etiqueta' },
  },
};

const parse = (query: Record<string, unknown>) => parseListQuery(spec, query);
const refused = (query: Record<string, unknown>) => {
  const parsed = parse(query);
  return parsed.ok ? null : parsed.errors.map((error) => [error.target, error.messageKey]);
};

describe('parseListQuery', () => {
  it('applies the spec defaults and ignores unknown keys and blanks', () => {
    expect(parse({ other: 'x', name: '  ', id: '' })).toEqual({
      ok: true,
      query: { page: 1, pageSize: 20, order: { name: 'name', descending: false }, conditions: [] },
    });
  });

  it.each([
    ['page=3', { page: '3' }, { page: 3 }],
    ['pageSize at its max', { pageSize: '100' }, { pageSize: 100 }],
    ['orderBy descending, any case', { orderBy: '-Population' }, { order: { name: 'population', descending: true } }],
    ['orderBy with +', { orderBy: '+id' }, { order: { name: 'id', descending: false } }],
  ])('reads %s', (_label, query, expected) => {
    const parsed = parse(query);
    expect(parsed.ok && parsed.query).toMatchObject(expected);
  });

  it.each([
    ['repeated keys', { id: ['1', '2'] }, [1, 2]],
    ['a comma list', { id: '1,2' }, [1, 2]],
    ['both, deduplicated', { id: ['1,2', '3', '2'] }, [1, 2, 3]],
    ['numbers', { id: 7 }, [7]],
  ])('reads an int `in` filter from %s', (_label, query, values) => {
    const parsed = parse(query);
    expect(parsed.ok && parsed.query.conditions).toEqual([expect.objectContaining({ name: 'id', kind: 'in', values })]);
  });

  it('never splits a text `in` filter at commas', () => {
    const parsed = parse({ tag: ['Cali, Valle', 'Pasto'] });
    expect(parsed.ok && parsed.query.conditions[0]).toMatchObject({ values: ['Cali, Valle', 'Pasto'] });
  });

  it('reads search, eq through a function, choice, bool and date ranges (a bare `to` takes the whole day)', () => {
    const parsed = parse({ name: ' Bogotá ', groupID: '4', status: '2', pendingRequest: 'TRUE', from: '2021-03-02T10:00:00Z', to: '2021-03-02' });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const byName = Object.fromEntries(parsed.query.conditions.map((condition) => [condition.name, condition]));
    expect(byName.name).toMatchObject({ kind: 'search', text: 'Bogotá' });
    expect(byName.groupID).toMatchObject({ kind: 'eq', values: [4] });
    expect(byName.status).toMatchObject({ kind: 'choice', choice: '2' });
    expect(byName.pendingRequest).toMatchObject({ kind: 'bool', value: true });
    expect(byName.from).toMatchObject({ operator: '>=', value: new Date('2021-03-02T10:00:00Z') });
    expect(byName.to).toMatchObject({ operator: '<', value: new Date('2021-03-03T00:00:00Z') });
    const timed = parse({ to: '2021-03-02T10:00:00Z' });
    expect(timed.ok && timed.query.conditions[0]).toMatchObject({ operator: '<=' });
  });

  it.each([
    [{ page: '0' }, 'page', 'lists.query.page'],
    [{ page: 'abc' }, 'page', 'lists.query.page'],
    [{ page: '1e18' }, 'page', 'lists.query.page'],
    [{ page: '1000001' }, 'page', 'lists.query.page'],
    [{ pageSize: '101' }, 'pageSize', 'lists.query.page_size'],
    [{ pageSize: '5000' }, 'pageSize', 'lists.query.page_size'],
    [{ pageSize: '0' }, 'pageSize', 'lists.query.page_size'],
    [{ pageSize: ['10', '20'] }, 'pageSize', 'lists.query.page_size'],
    [{ orderBy: 'password' }, 'orderBy', 'lists.query.order_by'],
    [{ orderBy: ['name', 'id'] }, 'orderBy', 'lists.query.order_by'],
    [{ id: '0' }, 'id', 'lists.query.integer'],
    [{ id: '1,x' }, 'id', 'lists.query.integer'],
    [{ id: '2147483648' }, 'id', 'lists.query.integer'],
    [{ id: Array.from({ length: 1001 }, (_v, i) => String(i + 1)).join(',') }, 'id', 'lists.query.too_many'],
    [{ groupID: '5.5' }, 'groupID', 'lists.query.integer'],
    [{ groupID: ['1', '2'] }, 'groupID', 'lists.query.repeated'],
    [{ name: 'x'.repeat(11) }, 'name', 'lists.query.text'],
    [{ resource: 'abcdef' }, 'resource', 'lists.query.text'],
    [{ status: '3' }, 'status', 'lists.query.choice'],
    [{ pendingRequest: 'quizá' }, 'pendingRequest', 'lists.query.boolean'],
    [{ from: 'ayer' }, 'from', 'lists.query.date'],
    [{ to: '2021-02-30' }, 'to', 'lists.query.date'],
    [{ id: { nested: 1 } }, 'id', 'lists.query.choice'],
  ])('refuses %j with one message for %s', (query, target, messageKey) => {
    expect(refused(query)).toEqual([[target, messageKey]]);
  });

  it('reports every refused parameter once, and the 400 carries them in Spanish', () => {
    const parsed = parse({ page: '0', pageSize: '500', status: '9' });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((error) => error.target)).toEqual(['page', 'pageSize', 'status']);
    const error = listQueryError(parsed.errors);
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('El número de página no es válido');
    expect(error.details[1]).toEqual({ code: 'BadArgument', target: 'pageSize', message: 'El tamaño de página debe ser un número entre 1 y 100' });
    expect(() => readListQuery(spec, { pageSize: '500' })).toThrow('El tamaño de página debe ser un número entre 1 y 100');
  });

  it('any query string gives a typed query or 400 details, never a throw', () => {
    const key = fc.oneof(fc.constantFrom(...Object.keys(spec.filters), 'page', 'pageSize', 'orderBy', '__proto__', 'constructor'), fc.string());
    const value = fc.oneof(
      fc.string(),
      fc.array(fc.string(), { maxLength: 4 }),
      fc.constantFrom('1', '-1', '0', '1e400', '2147483648', '1,2,,3', 'true', '2021-02-29', '%_\\'),
      fc.integer(),
      fc.constant(null),
      fc.object(),
    );
    fc.assert(
      fc.property(fc.dictionary(key, value), (query) => {
        const parsed = parseListQuery(spec, query);
        if (parsed.ok) {
          expect(parsed.query.pageSize).toBeLessThanOrEqual(spec.maxPageSize);
          expect(parsed.query.page).toBeGreaterThanOrEqual(1);
          // The SQL builds for every accepted query.
          const params = new SqlParams();
          listWhere(parsed.query, params, ['not s.is_deleted']);
          listOrderBy(spec, parsed.query);
        } else {
          expect(parsed.errors.length).toBeGreaterThan(0);
          for (const error of parsed.errors) expect(error.messageKey).toMatch(/^lists\.query\./);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('list SQL', () => {
  const query = (raw: Record<string, unknown>) => readListQuery(spec, raw);

  it('builds the conditions with numbered parameters after the base ones', () => {
    const params = new SqlParams();
    const where = listWhere(query({ id: '1,2', name: '50%_a', groupID: '4', status: '1', pendingRequest: 'false' }), params, ['not s.is_deleted']);
    expect(where).toBe(
      "where not s.is_deleted and s.id in ($1, $2) and (spanish_key(s.name) like '%' || spanish_key($3) || '%') and exists (select 1 from group_sites gs where gs.group_id = $4) and (s.status_id = 1) and not (s.pending_request)",
    );
    expect(params.values).toEqual([1, 2, '50\\%\\_a', 4]);
    expect(listWhere(query({}), new SqlParams())).toBe('');
  });

  it('uses `=` for one value, casts dates and leaves out filters by name', () => {
    const params = new SqlParams();
    expect(listWhere(query({ id: '7', from: '2021-01-01', status: '2' }), params, [], ['status'])).toBe('where s.id = $1 and s.at >= $2::timestamptz');
    expect(params.values).toEqual([7, '2021-01-01T00:00:00.000Z']);
  });

  it('orders with the tie breaker in the same direction and empty values last', () => {
    expect(listOrderBy(spec, query({}))).toBe('order by spanish_key(s.name) collate "C" asc, s.id asc');
    expect(listOrderBy(spec, query({ orderBy: '-population' }))).toBe('order by s.population desc nulls last, s.id desc');
    expect(listOrderBy(spec, query({ orderBy: '-id' }))).toBe('order by s.id desc');
  });

  it('fetches one row more than the page and answers hasNextPage from it', () => {
    const params = new SqlParams();
    const page = query({ page: '3', pageSize: '2' });
    expect(listLimit(page, params)).toBe('limit 3 offset 4');
    expect(params.values).toEqual([]);
    expect(listPage([1, 2, 3], page)).toEqual({ results: [1, 2], meta: { hasNextPage: true } });
    expect(listPage([1, 2], page)).toEqual({ results: [1, 2], meta: { hasNextPage: false } });
  });

  it('counts several buckets in one select, escapes LIKE and documents the query string', () => {
    expect(countColumns({ all: 'true', active: 's.status_id = 1' })).toBe(
      '(count(*) filter (where true))::int as "all", (count(*) filter (where s.status_id = 1))::int as "active"',
    );
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    const schema = listQuerySchema(spec) as { properties: Record<string, { type: string; description: string }> };
    expect(Object.keys(schema.properties)).toEqual(['page', 'pageSize', 'orderBy', 'cursor', ...Object.keys(spec.filters)]);
    expect(schema.properties.id).toMatchObject({ type: 'array' });
    expect(schema.properties.pageSize?.description).toContain('100');
  });
});
