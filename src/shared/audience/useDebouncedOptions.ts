/**
 * Options of a search input, asked for after the user stops typing: `delayMs` after the last key (200 ms for the
 * location tags, 350 ms for groups; spec 01 §7) and only from `minLength` characters. A newer search cancels the
 * older request, so an answer never lands out of order.
 */
import { useEffect, useState } from 'react';

export function useDebouncedOptions<T>(
  text: string,
  load: (text: string, signal: AbortSignal) => Promise<T[]>,
  { delayMs, minLength = 0, enabled = true }: { delayMs: number; minLength?: number; enabled?: boolean },
): { options: T[]; loading: boolean; failed: boolean } {
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const term = text.trim();
  const ready = enabled && term.length >= minLength;

  useEffect(() => {
    if (!ready) {
      setOptions([]);
      setLoading(false);
      return undefined;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      load(term, controller.signal)
        .then((found) => {
          if (controller.signal.aborted) return;
          setOptions(found);
          setFailed(false);
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `load` is recreated by callers on each render: the search term is what matters.
  }, [term, ready, delayMs]);

  return { options, loading, failed };
}
