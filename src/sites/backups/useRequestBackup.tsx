/**
 * Requesting a site's backup (`POST /backuprequests` with siteId, spec 01 §7): the success notice, the summary asked
 * again, and on BackupRequestAlreadyPeding the error modal leading to the site that holds the pending one; any other
 * failure 'Error generando backup, intenta más tarde' (spec 01 §8). The caller asks for confirmation first — the replace
 * question when the site holds a ready backup (a site holds one: `replace: true` then). Should the server still find a
 * ready one the caller did not know of (BackupReplaceConfirmation), the replace question is asked here.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { ContinueConfirm } from '../../engine/ContinueConfirm';
import { BackupPendingDialog } from './BackupPendingDialog';
import { pendingBackupOf, replaceAskedBy, type PendingElsewhere } from './backupRules';

export const BACKUPS_RESOURCE = 'backuprequests';

export interface RequestBackup {
  requestBackup: (options?: { replace?: boolean }) => Promise<void>;
  /** The error modal of a pending backup elsewhere, and the replace question when the server asked for it. */
  pendingDialog: ReactNode;
}

export function useRequestBackup(siteId: number): RequestBackup {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingElsewhere | null>(null);
  const [askReplace, setAskReplace] = useState(false);
  const [replacing, setReplacing] = useState(false);

  const requestBackup = async ({ replace = false }: { replace?: boolean } = {}) => {
    try {
      await dataProvider.create(BACKUPS_RESOURCE, { data: replace ? { siteId, replace: true } : { siteId } });
      notify('backups.messages.created', { type: 'success' });
    } catch (error) {
      const elsewhere = pendingBackupOf(error);
      if (elsewhere) setPending(elsewhere);
      else if (!replace && replaceAskedBy(error)) setAskReplace(true);
      else notify('backups.errors.generating', { type: 'error' });
    } finally {
      await queryClient.invalidateQueries({ queryKey: [BACKUPS_RESOURCE] });
    }
  };

  const confirmReplace = async () => {
    setReplacing(true);
    await requestBackup({ replace: true });
    setReplacing(false);
    setAskReplace(false);
  };

  return {
    requestBackup,
    pendingDialog: (
      <>
        <BackupPendingDialog pending={pending} onClose={() => setPending(null)} />
        <ContinueConfirm
          isOpen={askReplace}
          loading={replacing}
          title="backups.request.replace_title"
          content="backups.request.replace"
          onConfirm={() => confirmReplace()}
          onClose={() => setAskReplace(false)}
        />
      </>
    ),
  };
}
