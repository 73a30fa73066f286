/**
 * The one 'Ver más' list of the admin: react-admin's InfiniteListBase (one growing list, the next page on
 * demand) with its states — loading, error, empty — and the 'Ver más' button. The generated list in
 * `loadMore` mode uses the same button as its pagination; hand-drawn lists (sites, audit) pass their rows'
 * renderer as children and read the rows from the list context.
 */
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useDeferredValue, type ReactNode } from 'react';
import {
  InfiniteListBase,
  useInfinitePaginationContext,
  useListContext,
  useTranslate,
  type InfiniteListBaseProps,
  type RaRecord,
} from 'react-admin';

/** 'Ver más': fetches the next page; hidden when there is none. */
export function LoadMoreButton({ label = 'engine.load_more' }: { label?: string }) {
  const translate = useTranslate();
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = useInfinitePaginationContext();
  if (!hasNextPage) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
      <Button variant="outlined" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
        {translate(label)}
      </Button>
    </Box>
  );
}

export interface LoadMoreListProps<RecordType extends RaRecord = RaRecord>
  extends Omit<InfiniteListBaseProps<RecordType>, 'children' | 'render' | 'empty' | 'error' | 'loading'> {
  /** The rows, drawn from the list context's `data` (shown when there is at least one). */
  children: (rows: RecordType[]) => ReactNode;
  /** i18n keys: no rows, load failure, the button. */
  emptyText: string;
  errorText: string;
  loadMoreLabel?: string;
  /** Nothing is asked (e.g. an invalid date range): no rows, no states. */
  paused?: boolean;
}

/** One empty list for every render (useDeferredValue compares by identity). */
const NO_ROWS: never[] = [];

function LoadMoreView<RecordType extends RaRecord>({
  children,
  emptyText,
  errorText,
  loadMoreLabel,
  paused,
}: Pick<LoadMoreListProps<RecordType>, 'children' | 'emptyText' | 'errorText' | 'loadMoreLabel' | 'paused'>) {
  const translate = useTranslate();
  const { data, isPending, error } = useListContext<RecordType>();
  const rows: RecordType[] = data ?? NO_ROWS;
  // The rows arrive through react-query, whose updates React renders at once, in one task. Drawing them from a deferred
  // copy lets React draw the new rows in slices, yielding to the browser between them (docs/decisions/README.md 'Rows drawn in
  // slices'); until then the previous rows stay, or the spinner when there were none.
  const shown = useDeferredValue(rows);
  const drawing = shown !== rows && shown.length === 0 && rows.length > 0;
  if (paused) return null;
  return (
    <>
      {error ? (
        <Alert severity="error" sx={{ my: 2 }}>
          {translate(errorText)}
        </Alert>
      ) : null}
      {(isPending || drawing) && !error ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={translate('ra.page.loading')} />
        </Box>
      ) : null}
      {!isPending && !error && rows.length === 0 ? (
        <Typography sx={{ my: 4, textAlign: 'center' }} role="status">
          {translate(emptyText)}
        </Typography>
      ) : null}
      {/* An empty answer empties the list at once: the deferred copy would otherwise keep the old rows beside the empty state. */}
      {rows.length > 0 && shown.length > 0 ? children(shown) : null}
      {/* Below the rows once they are drawn: shown before them, it would be pushed down by them (a layout shift). */}
      {drawing ? null : <LoadMoreButton label={loadMoreLabel} />}
    </>
  );
}

/**
 * A 'Ver más' list whose query lives in its own screen's state (`filter`, `sort`, `perPage`): the address and
 * react-admin's store are left alone, so the screen keeps its own address format.
 */
export function LoadMoreList<RecordType extends RaRecord = RaRecord>({
  children,
  emptyText,
  errorText,
  loadMoreLabel,
  paused = false,
  queryOptions,
  ...props
}: LoadMoreListProps<RecordType>) {
  return (
    <InfiniteListBase<RecordType>
      disableSyncWithLocation
      storeKey={false}
      {...props}
      queryOptions={{ ...queryOptions, enabled: !paused && queryOptions?.enabled !== false }}
    >
      <LoadMoreView emptyText={emptyText} errorText={errorText} loadMoreLabel={loadMoreLabel} paused={paused}>
        {children}
      </LoadMoreView>
    </InfiniteListBase>
  );
}
