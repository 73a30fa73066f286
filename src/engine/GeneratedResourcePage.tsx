/**
 * The screen of a declared resource (routes 'generated'): title, 'Atrás' to the parent index,
 * 'Agregar' (create dialog), the list (columns from the fields, server-side sort and pages), and per
 * row edit (inline or dialog) and delete (with confirmation), each shown only when the rules allow.
 * Data goes through the react-admin dataProvider under the declaration's resource name.
 */
import AddIcon from '@mui/icons-material/Add';
import { Box, Card, Stack, Typography } from '@mui/material';
import { useCallback, useMemo, useState, type ComponentProps } from 'react';
import {
  Button,
  DataTable,
  DataTableBody,
  DataTableRow,
  ListBase,
  Pagination,
  ResourceContextProvider,
  Title,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { findGeneratedResource } from '../../resources';
import type { ResourceDeclaration } from '../../resources/types';
import { BackButton } from '../settings/BackButton';
import { listFields } from './declarationFields';
import { EngineStateContext, useEngineState, type EngineState } from './engineState';
import { InlineEditRow } from './InlineEditRow';
import { FieldCell } from './ResourceColumns';
import { ResourceFormDialog } from './ResourceFormDialog';
import { RowActions } from './RowActions';

export interface GeneratedResourcePageProps {
  /** The declaration; when absent, the one named by the surrounding ResourceContext. */
  declaration?: ResourceDeclaration;
  /** Ignored (the title comes from the declaration); accepted from the shell's screen props. */
  title?: string;
}

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

function EmptyList({ declaration }: { declaration: ResourceDeclaration }) {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
      {translate(declaration.messages?.empty ?? 'engine.empty')}
    </Typography>
  );
}

function ResourceScreen({ declaration }: { declaration: ResourceDeclaration }) {
  const translate = useTranslate();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<RaRecord | null>(null);
  const stopEdit = useCallback(() => setEditing(null), []);
  const closeCreate = useCallback(() => setCreating(false), []);
  const state = useMemo<EngineState>(
    () => ({ declaration, editingId: editing?.id ?? null, startEdit: setEditing, stopEdit }),
    [declaration, editing, stopEdit],
  );

  return (
    <ResourceContextProvider value={declaration.name}>
      <EngineStateContext.Provider value={state}>
        <ListBase resource={declaration.name} sort={declaration.sort} perPage={declaration.pageSize} disableSyncWithLocation>
          <Title title={declaration.title} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', my: 2 }}>
            <Typography variant="h5" component="h1">
              {translate(declaration.title)}
            </Typography>
            <Stack direction="row" spacing={1}>
              {declaration.parentRoute && <BackButton to={declaration.parentRoute} />}
              <Button label="engine.add" variant="contained" onClick={() => setCreating(true)}>
                <AddIcon />
              </Button>
            </Stack>
          </Stack>
          <Card>
            <DataTable bulkActionButtons={false} rowClick={false} body={EngineBody} empty={<EmptyList declaration={declaration} />}>
              {listFields(declaration).map((field) => (
                <DataTable.Col key={field.source} source={field.source} label={field.label}>
                  <FieldCell field={field} />
                </DataTable.Col>
              ))}
              <DataTable.Col label="engine.actions" disableSort align="right">
                <RowActions />
              </DataTable.Col>
            </DataTable>
            <Box>
              <Pagination rowsPerPageOptions={[]} />
            </Box>
          </Card>
        </ListBase>
        <ResourceFormDialog declaration={declaration} open={creating} onClose={closeCreate} />
        {declaration.editMode === 'dialog' && (
          <ResourceFormDialog declaration={declaration} open={editing !== null} record={editing ?? undefined} onClose={stopEdit} />
        )}
      </EngineStateContext.Provider>
    </ResourceContextProvider>
  );
}

export function GeneratedResourcePage({ declaration }: GeneratedResourcePageProps) {
  const resource = useResourceContext();
  const resolved = declaration ?? (resource ? findGeneratedResource(resource) : undefined);
  if (!resolved) return null;
  return <ResourceScreen declaration={resolved} />;
}
