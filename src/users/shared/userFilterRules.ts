/** Pure rules of the user lists' filters (src/users/shared/userFilters.tsx). */

/** The municipality filter offers choices only once a department is chosen (its municipalities). */
export function municipalityChoicesEnabled(department: unknown): boolean {
  return department !== undefined && department !== null && department !== '' && Number.isInteger(Number(department)) && Number(department) > 0;
}

/** The filters after choosing a department: the municipality of the previous one no longer applies. */
export function withDepartmentFilter<T extends Record<string, unknown>>(filters: T, department: unknown): T {
  const { locationId: _dropped, ...rest } = filters;
  void _dropped;
  return { ...rest, parentLocationId: department } as unknown as T;
}
