/**
 * Delete with confirmation: the declaration's confirmation text with Continuar / Regresar, then
 * the declaration's notice (or the generic one); a refusal (locked, in use) shows the server's message.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, useDelete, useNotify, type RaRecord } from 'react-admin';
import { ContinueConfirm } from './ContinueConfirm';
import type { ResourceDeclaration } from '../../resources/types';

/** `onDeleted`: what follows a deletion (a form page goes back to its list). */
export function DeleteRecordButton({ declaration, record, onDeleted }: { declaration: ResourceDeclaration; record: RaRecord; onDeleted?: () => void }) {
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  const notify = useNotify();

  const confirm = async () => {
    try {
      await deleteOne(declaration.name, { id: record.id, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
      notify(declaration.messages?.deleted ?? 'engine.deleted', { type: 'success' });
      onDeleted?.();
    } catch (caught) {
      notify((caught as { message?: string })?.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setOpen(false);
    }
  };

  return (
    <>
      <Button label="engine.delete" color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <ContinueConfirm
        isOpen={open}
        loading={isPending}
        title="engine.confirm.title"
        content={declaration.messages?.confirmDelete ?? 'engine.confirm.delete'}
        onConfirm={() => confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
