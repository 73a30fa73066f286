/**
 * The buttons of a row: up and down when the declaration sorts (SortButtons), edit and delete (each when the declaration has the operation and its rules allow
 * it for the record), then the declared record actions (ResourceActions).
 */
import EditIcon from '@mui/icons-material/Edit';
import { Stack } from '@mui/material';
import { Button, useRecordContext } from 'react-admin';
import { canDeleteRecord, canEditRecord, hasOperation } from './declarationFields';
import { DeleteRecordButton } from './DeleteRecordButton';
import { useEngineState } from './engineState';
import { RecordActionButtons } from './ResourceActions';
import { SortButtons } from './SortButtons';

export function RowActions() {
  const record = useRecordContext();
  const { declaration, startEdit } = useEngineState();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      <SortButtons declaration={declaration} />
      <RecordActionButtons declaration={declaration} />
      {hasOperation(declaration, 'update') && canEditRecord(declaration, record) && (
        <Button label="engine.edit" onClick={() => startEdit(record)}>
          <EditIcon />
        </Button>
      )}
      {hasOperation(declaration, 'delete') && canDeleteRecord(declaration, record) && (
        <DeleteRecordButton declaration={declaration} record={record} />
      )}
    </Stack>
  );
}
