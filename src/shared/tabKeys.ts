/**
 * Keyboard of a tab list (WAI-ARIA Authoring Practices, 'Tabs'): Left/Right move to the previous/next tab, wrapping,
 * Home/End to the first/last. Returns the index to focus and select, or null when the key is not the tab list's.
 */
export function tabIndexForKey(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
