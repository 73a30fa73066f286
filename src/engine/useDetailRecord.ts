/**
 * The whole record of a declaration with `detailOnly` fields (resources/types.ts), before a screen edits or shows it.
 * A list page answers such records without those fields, and react-admin's `useGetList` copies each list record into
 * the `getOne` cache under the list's `meta` ("optimistically populate the getOne cache", ra-core useGetList): a
 * `getOne` with the same key would start from the partial record. `DETAIL_META` makes the key of its own (the
 * dataProvider builds no URL from it: dataProvider/index.ts reads only a nested resource's `{param}` from `meta`), and
 * `gcTime: 0` drops the read once the screen closes, so each opening reads the record anew.
 */
import { useGetOne, useNotify, type GetOneParams, type RaRecord } from 'react-admin';
import { hasDetailOnlyFields, type ResourceDeclaration } from '../../resources/types';

/** The `meta` of a whole record's `getOne`: a cache key no list fills. */
export const DETAIL_META = { detailRecord: true } as const;

/** `DETAIL_META`, plus the parent's id of a nested resource (the dataProvider fills the path's `{param}` from it). */
export function detailMeta(declaration: Pick<ResourceDeclaration, 'parent'>, record?: RaRecord | null): Record<string, unknown> {
  const parent = declaration.parent;
  return parent && record ? { ...DETAIL_META, [parent.param]: record[parent.field] } : { ...DETAIL_META };
}

export interface DetailRecord {
  /** The record to edit or show: the given one when the declaration has no `detailOnly` field, else the one read. */
  record: RaRecord | undefined;
  /** The whole record is being read. */
  isPending: boolean;
}

/**
 * `record` (a list's record) as a whole: itself for a declaration without `detailOnly` fields, otherwise the record read
 * with its own `getOne` (`GET {apiPath}{id}`). A failed read is notified and `onError` runs (the screen closes).
 */
export function useDetailRecord(declaration: ResourceDeclaration, record: RaRecord | null | undefined, onError?: () => void): DetailRecord {
  const notify = useNotify();
  const needed = Boolean(record) && hasDetailOnlyFields(declaration);
  const params: GetOneParams = { id: record?.id ?? '', meta: detailMeta(declaration, record) };
  const { data, isPending } = useGetOne(declaration.name, params, {
    enabled: needed,
    gcTime: 0,
    onError: (error: unknown) => {
      notify((error as { message?: string } | null)?.message || 'ra.notification.http_error', { type: 'error' });
      onError?.();
    },
  });
  if (!needed) return { record: record ?? undefined, isPending: false };
  return { record: data, isPending: isPending || !data };
}
