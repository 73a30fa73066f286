import { describe, expect, it } from 'vitest';
import { swappedOrder } from './SortButtons';

describe('swappedOrder (up/down of a collection sort)', () => {
  it('swaps two rows and keeps the positions when they increase', () => {
    const rows = [{ id: 1, position: 3 }, { id: 2, position: 5 }, { id: 3, position: 9 }];
    expect(swappedOrder(rows, 1, 2, 0)).toEqual([{ id: 1, position: 3 }, { id: 3, position: 5 }, { id: 2, position: 9 }]);
    expect(swappedOrder(rows, 1, 0, 0)).toEqual([{ id: 2, position: 3 }, { id: 1, position: 5 }, { id: 3, position: 9 }]);
  });

  it('numbers the rows after the pages before when positions repeat or are missing', () => {
    const rows = [{ id: 1, position: 0 }, { id: 2, position: 0 }, { id: 3, position: null }];
    expect(swappedOrder(rows, 0, 1, 10)).toEqual([{ id: 2, position: 11 }, { id: 1, position: 12 }, { id: 3, position: 13 }]);
  });
});
