import { describe, expect, it } from 'vitest';
import type { ListSpec } from '../../resources/listQuery';
import { readListQuery } from '../lists/listQuery';
import { ORDER_KEY, TIE_KEY } from './keyset';
import { EXPORT_TEXT_TYPES, exportBatches, type ExportSql } from './listExport';

const spec: ListSpec = { defaultPageSize: 20, maxPageSize: 100, orders: { id: 't.id' }, defaultOrder: 'id', tieBreaker: 't.id', filters: {} };
const sql: ExportSql = (_query, batch) => `select t.id, ${batch.keys} from t ${batch.after.length ? `where ${batch.after.join(' and ')}` : ''} order by t.id ${batch.limit}`;

/** A table of `total` ids served in keyset order; records every statement's parameters. */
function fakeTable(total: number, failOnCall?: number) {
  const calls: unknown[][] = [];
  return {
    calls,
    query: async <T>(text: string, params?: unknown[]): Promise<T[]> => {
      calls.push(params ?? []);
      if (calls.length === failOnCall) throw new Error('la base de datos falló');
      const after = text.includes('where') ? Number(params![0]) : 0;
      const limit = Number(params![params!.length - 1]);
      const ids = Array.from({ length: total }, (_, i) => i + 1).filter((id) => id > after).slice(0, limit);
      return ids.map((id) => ({ id, [ORDER_KEY]: String(id), [TIE_KEY]: String(id) })) as T[];
    },
  };
}

describe('exportBatches', () => {
  it('reads an array statement as arrays with its instants as text, the cursor from the positions it names', async () => {
    const shapes: unknown[] = [];
    const table = {
      query: async <T>(text: string, params?: unknown[], shape?: unknown): Promise<T[]> => {
        shapes.push(shape);
        const after = text.includes('where') ? Number(params![0]) : 0;
        const ids = [1, 2, 3, 4, 5].filter((id) => id > after).slice(0, Number(params![params!.length - 1]));
        return ids.map((id) => [`fila ${id}`, id]) as T[];
      },
    };
    const arrays: ExportSql = (_query, batch) => ({
      text: `select t.name, t.id from t ${batch.after.length ? `where ${batch.after.join(' and ')}` : ''} order by t.id ${batch.limit}`,
      order: 1,
      tie: 1,
    });
    const batches: unknown[][] = [];
    for await (const rows of exportBatches<unknown[]>(table, spec, readListQuery(spec, {}), arrays, 2)) batches.push(rows.map((row) => row[0]));
    expect(batches).toEqual([['fila 1', 'fila 2'], ['fila 3', 'fila 4'], ['fila 5']]);
    expect(shapes[0]).toEqual({ rowMode: 'array', textTypes: EXPORT_TEXT_TYPES });
  });

  it('reads every row in keyset batches, each after the last row of the one before', async () => {
    const table = fakeTable(7);
    const batches: number[][] = [];
    for await (const rows of exportBatches<{ id: number }>(table, spec, readListQuery(spec, {}), sql, 3)) batches.push(rows.map((row) => row.id));
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(table.calls).toEqual([[3], ['3', 3], ['6', 3]]);
  });

  it('stops after a full last batch with one more (empty) read, and reads nothing more when the caller stops', async () => {
    const exact = fakeTable(6);
    const sizes: number[] = [];
    for await (const rows of exportBatches(exact, spec, readListQuery(spec, {}), sql, 3)) sizes.push(rows.length);
    expect(sizes).toEqual([3, 3]);
    expect(exact.calls).toHaveLength(3);

    const left = fakeTable(100);
    for await (const rows of exportBatches(left, spec, readListQuery(spec, {}), sql, 3)) if (rows.length > 0) break;
    // The first batch and the one read ahead while it was written.
    expect(left.calls).toHaveLength(2);
  });

  it('throws a failure of the batch read ahead when that batch is due, and drops it quietly when the caller stopped', async () => {
    const failing = fakeTable(100, 2);
    const read = async () => {
      for await (const _rows of exportBatches(failing, spec, readListQuery(spec, {}), sql, 3)) {
        // writing the batch
      }
    };
    await expect(read()).rejects.toThrow('la base de datos falló');

    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const stopped = fakeTable(100, 2);
      for await (const _rows of exportBatches(stopped, spec, readListQuery(spec, {}), sql, 3)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(stopped.calls).toHaveLength(2);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
