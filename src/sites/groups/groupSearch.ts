/** The entity search of the group form (spec 01 §2 'Group management', §9): from 3 characters, 350 ms after typing, 100 a page. */
export const GROUP_SEARCH_MIN_CHARS = 3;
export const GROUP_SEARCH_DELAY_MS = 350;
export const GROUP_SEARCH_PAGE_SIZE = 100;

/** Whether a search text is long enough to ask the server. */
export const searchable = (text: string): boolean => text.trim().length >= GROUP_SEARCH_MIN_CHARS;

/** Moves the item at `index` one place up (-1) or down (+1); out of range leaves the list as it was. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const moved = [...items];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}
