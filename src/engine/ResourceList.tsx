/**
 * The list parts of a generated screen, each replaceable by a custom screen:
 * - `ResourceList`: react-admin's `List` (numbered pages) or `InfiniteList` ('Ver más', `listMode: 'loadMore'`),
 *   its filters kept in the address, its toolbar and its table;
 * - `ResourceDataTable`: the declared columns (each kind's cell) and the row buttons, inline edit in the row;
 * - `ResourceListToolbar`: collection actions, exports and 'Agregar' (when the declaration creates);
 * - `ResourceEmpty`: the empty state.
 */
import AddIcon from '@mui/icons-material/Add';
import { Typography } from '@mui/material';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import {
  Button,
  DataTable,
  DataTableBody,
  DataTableRow,
  InfiniteList,
  List,
  Pagination,
  TopToolbar,
  useListContext,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { listQuery } from '../../dataProvider/resourcePaths';
import type { ResourceDeclaration } from '../../resources/types';
import { BackgroundExportButton } from '../shared/BackgroundExportButton';
import { ExportButton } from '../shared/ExportButton';
import { todayOf } from '../../resources/policyHistory';
import { hasOperation, listFields, permissionList, permittedExports } from './declarationFields';
import { useEngineState } from './engineState';
import { InlineEditRow } from './InlineEditRow';
import { LoadMoreButton } from './LoadMoreList';
import { FieldCell } from './ResourceColumns';
import { CollectionActionButtons } from './ResourceActions';
import { resourceFilters } from './ResourceFilters';
import { RowActions } from './RowActions';

/** A list row, or the inline form when the declaration edits inline and this record is being edited. */
function EngineRow(props: ComponentProps<typeof DataTableRow>) {
  const record = useRecordContext();
  const { declaration, editingId, stopEdit } = useEngineState();
  if (declaration.editMode === 'inline' && record && editingId !== null && record.id === editingId) {
    return <InlineEditRow declaration={declaration} record={record} columns={listFields(declaration).length + 1} onDone={stopEdit} />;
  }
  return <DataTableRow {...props} />;
}

function EngineBody(props: ComponentProps<typeof DataTableBody>) {
  return <DataTableBody {...props} row={EngineRow} />;
}

export function ResourceEmpty({ declaration }: { declaration: ResourceDeclaration }) {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary" role="status">
      {translate(declaration.messages?.empty ?? 'engine.empty')}
    </Typography>
  );
}

/** Whether rows get a buttons column: the declaration edits, deletes or has record actions. */
function hasRowButtons(declaration: ResourceDeclaration): boolean {
  return hasOperation(declaration, 'update') || hasOperation(declaration, 'delete') || (declaration.actions ?? []).some((a) => a.scope === 'record');
}

export function ResourceDataTable({ declaration, children }: { declaration: ResourceDeclaration; children?: ReactNode }) {
  return (
    <DataTable bulkActionButtons={false} rowClick={false} body={EngineBody} empty={<ResourceEmpty declaration={declaration} />}>
      {listFields(declaration).map((field) => (
        <DataTable.Col key={field.source} source={field.source} label={field.label}>
          <FieldCell field={field} />
        </DataTable.Col>
      ))}
      {children}
      {hasRowButtons(declaration) && (
        <DataTable.Col label="engine.actions" disableSort align="right">
          <RowActions />
        </DataTable.Col>
      )}
    </DataTable>
  );
}

/** The declaration's exports the user may download, with the list's current filters and order. */
export function ResourceExports({ declaration }: { declaration: ResourceDeclaration }) {
  const { permissions } = usePermissions();
  const { filterValues, sort } = useListContext();
  const exports = permittedExports(declaration, permissionList(permissions));
  if (exports.length === 0) return null;
  const query = listQuery({ filter: filterValues, sort }, declaration.idField);
  return (
    <>
      {exports.map((entry) =>
        entry.background ? (
          <BackgroundExportButton key={entry.path} path={entry.path} query={query} labelKey="engine.export" />
        ) : (
          <ExportButton
            key={entry.path}
            path={entry.path}
            query={query}
            labelKey="engine.export"
            fallbackName={entry.fileName}
            method={entry.method}
            formats={entry.formats}
          />
        ),
      )}
    </>
  );
}

export function ResourceListToolbar({ declaration }: { declaration: ResourceDeclaration }) {
  const { startCreate } = useEngineState();
  const { data, total } = useListContext();
  // A bounded collection (`maxRecords`: 24 shortcuts) hides 'Agregar' once full; the server refuses one more anyway.
  const rows = (total ?? (data as unknown[] | undefined)?.length ?? 0) as number;
  const full = declaration.maxRecords !== undefined && rows >= declaration.maxRecords.count;
  return (
    <TopToolbar>
      <CollectionActionButtons declaration={declaration} />
      <ResourceExports declaration={declaration} />
      {hasOperation(declaration, 'create') && !full && (
        <Button label="engine.add" variant="contained" onClick={startCreate}>
          <AddIcon />
        </Button>
      )}
    </TopToolbar>
  );
}

/**
 * Numbered pages whose range counts the rows the page has: without a total (the API pages with `hasNextPage`), MUI's
 * range ends at `page × perPage` ('1-10 de 10' for 4 groups); the last page ends at its last row and is the total.
 */
export function EnginePagination() {
  const translate = useTranslate();
  const { data, total, hasNextPage } = useListContext();
  const rows = data?.length ?? 0;
  const labelDisplayedRows = ({ from }: { from: number }) => {
    const to = from - 1 + rows;
    if (total == null && hasNextPage) return translate('ra.navigation.partial_page_range_info', { offsetBegin: from, offsetEnd: to });
    return translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: total ?? to });
  };
  // react-admin's props type leaves `labelDisplayedRows` out, but passes it on to MUI's TablePagination after its own.
  const rangeLabel = { labelDisplayedRows } as object;
  return <Pagination rowsPerPageOptions={[]} {...rangeLabel} />;
}

export interface ResourceListProps {
  declaration: ResourceDeclaration;
  /** The rows (default: ResourceDataTable). */
  children?: ReactNode;
  /** Filter inputs (default: the declaration's, resourceFilters). */
  filters?: ReactElement[];
  /** The toolbar (default: ResourceListToolbar). */
  actions?: ReactElement | false;
  /** One of several lists on a page (an area with several declarations): its page and filters stay out of the address. */
  shared?: boolean;
}

export function ResourceList({ declaration, children, filters, actions, shared }: ResourceListProps) {
  const filterInputs = filters ?? resourceFilters(declaration);
  const common = {
    resource: declaration.name,
    sort: declaration.sort,
    perPage: declaration.pageSize,
    title: declaration.title,
    filters: filterInputs.length > 0 ? filterInputs : undefined,
    actions: actions ?? <ResourceListToolbar declaration={declaration} />,
    empty: false as const,
    exporter: false as const,
    children: children ?? <ResourceDataTable declaration={declaration} />,
    ...(shared ? { disableSyncWithLocation: true, storeKey: `${declaration.name}.sharedList` } : {}),
    ...(declaration.filterDefaults ? { filterDefaultValues: declaration.filterDefaults(todayOf(() => new Date())) } : {}),
  };
  return declaration.listMode === 'loadMore' ? (
    <InfiniteList {...common} pagination={<LoadMoreButton />} />
  ) : (
    <List {...common} pagination={<EnginePagination />} />
  );
}

