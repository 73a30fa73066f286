/**
 * Requesting a site's backup (`POST /backuprequests` with siteId, spec 01 §7): the success notice, the summary asked
 * again, and on BackupRequestAlreadyPeding the error modal leading to the site that holds the pending one; any other
 * failure 'Error generando backup, intenta más tarde' (spec 01 §8). The caller asks for confirmation first.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { BackupPendingDialog } from './BackupPendingDialog';
import { pendingBackupOf, type PendingElsewhere } from './backupRules';

export const BACKUPS_RESOURCE = 'backuprequests';

export function useRequestBackup(siteId: number): { requestBackup: () => Promise<void>; pendingDialog: ReactNode } {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingElsewhere | null>(null);

  const requestBackup = async () => {
    try {
      await dataProvider.create(BACKUPS_RESOURCE, { data: { siteId } });
      notify('backups.messages.created', { type: 'success' });
    } catch (error) {
      const elsewhere = pendingBackupOf(error);
      if (elsewhere) setPending(elsewhere);
      else notify('backups.errors.generating', { type: 'error' });
    } finally {
      await queryClient.invalidateQueries({ queryKey: [BACKUPS_RESOURCE] });
    }
  };

  return { requestBackup, pendingDialog: <BackupPendingDialog pending={pending} onClose={() => setPending(null)} /> };
}
