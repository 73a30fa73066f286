/** 'Deshacer' of one bulk deactivation: confirmation, POST /siteusers/delete/{jobId}/undo, the result as a notice. */
import UndoIcon from '@mui/icons-material/Undo';
import { useDataProvider, useNotify } from 'ra-core';
import { Button } from 'react-admin';
import { useState } from 'react';
import type { PortalesDataProvider } from '../../../dataProvider';
import { ConfirmModal } from '../../shared/Modals';

export function UndoButton({ jobId, onUndone }: { jobId: number; onUndone: () => void }) {
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const undo = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const { json } = await dataProvider.request<{ restored: number }>(`/siteusers/delete/${jobId}/undo`, { method: 'POST' });
      notify('deactivation.undo.done', { type: 'success', messageArgs: { count: json.restored } });
    } catch (error) {
      notify((error as Error).message || 'deactivation.undo.error', { type: 'error' });
    } finally {
      setBusy(false);
      onUndone();
    }
  };
  return (
    <>
      <Button label="deactivation.undo.action" disabled={busy} onClick={() => setConfirming(true)}>
        <UndoIcon />
      </Button>
      <ConfirmModal open={confirming} message="deactivation.undo.confirm" onConfirm={() => void undo()} onCancel={() => setConfirming(false)} />
    </>
  );
}
