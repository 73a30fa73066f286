/** Edit and delete buttons of a row, each shown only when the declaration's rules allow it for the record. */
import EditIcon from '@mui/icons-material/Edit';
import { Stack } from '@mui/material';
import { Button, useRecordContext } from 'react-admin';
import { canDeleteRecord, canEditRecord } from './declarationFields';
import { DeleteRecordButton } from './DeleteRecordButton';
import { useEngineState } from './engineState';

export function RowActions() {
  const record = useRecordContext();
  const { declaration, startEdit } = useEngineState();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      {canEditRecord(declaration, record) && (
        <Button label="engine.edit" onClick={() => startEdit(record)}>
          <EditIcon />
        </Button>
      )}
      {canDeleteRecord(declaration, record) && <DeleteRecordButton declaration={declaration} record={record} />}
    </Stack>
  );
}
