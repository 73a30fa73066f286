import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection';
import { WORKER_NICE } from './pgliteProtocol';

/** The nice value of each thread of this process (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceValues(): Map<number, number> {
  const values = new Map<number, number>();
  for (const task of fs.readdirSync('/proc/self/task')) {
    const stat = fs.readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    // After the command name in parentheses: state is field 3, nice is field 19.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    values.set(Number(task), Number(fields[16]));
  }
  return values;
}

describe('the embedded database thread', () => {
  // Linux (the platform's servers and CI): each thread is a task with its own nice value.
  it(
    'yields the processor to the main thread: its own thread runs at a lower priority, the main thread keeps its own',
    async () => {
      const before = threadNiceValues();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-nice-'));
      const database = await openDatabase({ dataDir });
      try {
        expect((await database.query<{ one: number }>('select 1 as one'))[0]!.one).toBe(1);
        const after = threadNiceValues();
        const lowered = [...after].filter(([thread, nice]) => !before.has(thread) && nice === WORKER_NICE);
        expect(lowered).toHaveLength(1);
        expect(after.get(process.pid)).toBe(before.get(process.pid));
        expect(before.get(process.pid)).not.toBe(WORKER_NICE);
      } finally {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
