/** The group form's entity search (src/sites/groups/GroupSitesInput.tsx); moved from server/sites, which imports nothing from src/. */
import { describe, expect, it } from 'vitest';
import { moveItem, searchable } from './groupSearch';

describe('group entity search rules (spec 01 §9)', () => {
  it('asks from 3 characters and moves an entity one place', () => {
    expect([searchable('me'), searchable(' med '), searchable('medellín')]).toEqual([false, true, true]);
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });
});
