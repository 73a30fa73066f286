import { describe, expect, it } from 'vitest';
import { mainThreadSchedule, parseSchedstat } from '../../bench/measure';

describe('parseSchedstat (npm run bench, the embedded section)', () => {
  it('reads the nanoseconds run and waited for a core, in that order', () => {
    expect(parseSchedstat('1346000000 625000000 6213\n')).toEqual({ ranNs: 1346000000, waitedNs: 625000000 });
  });

  it('answers null for a text that is not a schedstat line', () => {
    expect(parseSchedstat('')).toBeNull();
    expect(parseSchedstat('no disponible')).toBeNull();
    expect(parseSchedstat('12')).toBeNull();
  });
});

describe('mainThreadSchedule', () => {
  it('grows with the CPU the main thread spends, where Linux tells it', () => {
    const before = mainThreadSchedule();
    if (process.platform !== 'linux') {
      expect(before).toBeNull();
      return;
    }
    const startedAt = Date.now();
    let spin = 0;
    while (Date.now() - startedAt < 30) spin += 1;
    const after = mainThreadSchedule();
    expect(spin).toBeGreaterThan(0);
    expect(after!.ranNs).toBeGreaterThan(before!.ranNs);
    expect(after!.waitedNs).toBeGreaterThanOrEqual(before!.waitedNs);
  });
});
