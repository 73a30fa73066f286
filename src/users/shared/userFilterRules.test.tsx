import { describe, expect, it } from 'vitest';
import { municipalityChoicesEnabled, withDepartmentFilter } from './userFilterRules';

describe('user list filters: the municipality follows the department', () => {
  it.each([
    [undefined, false],
    ['', false],
    [null, false],
    ['abc', false],
    ['0', false],
    ['5', true],
    [76, true],
  ])('department %j → municipalities offered: %s', (department, enabled) => {
    expect(municipalityChoicesEnabled(department)).toBe(enabled);
  });

  it('choosing a department drops the municipality of the previous one', () => {
    expect(withDepartmentFilter({ q: 'ana', parentLocationId: '5', locationId: '5001' }, '76')).toEqual({ q: 'ana', parentLocationId: '76' });
  });
});
