/**
 * The detail's backup summary (spec 01 §2 'backup summary', §3 'Backup', §4): the site's backup (a site holds one),
 * with the one being generated to replace it or the last attempt that failed, each with its status name, request and
 * generation dates and size; 'Descargar' for a ready one (a single-use token, then the file) and 'Eliminar' after a
 * confirmation. It follows the site's backups on the realtime channel `backups:<siteId>` only — asked again at each
 * event, and when the stream (re)opens (what happened while it was down) — and never polls.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useDelete, useGetList, useNotify, useTranslate } from 'react-admin';
import { ContinueConfirm } from '../../engine/ContinueConfirm';
import type { BackupRecord } from '../../../resources/backups';
import { choiceKey, fieldLabelKey } from '../../../resources/types';
import { formatDateTime } from '../detail/formatting';
import { useEvents } from '../../shared/useEvents';
import { backupActionsFor, backupChannel, formatBackupSize, hasPendingBackup, siteBackupsQuery } from './backupRules';
import { useBackupDownload } from './useBackupDownload';
import { BACKUPS_RESOURCE } from './useRequestBackup';

export function SiteBackups({ siteId }: { siteId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const headingId = useId();
  const refresh = useRef(() => {});
  // Each change of a backup of this site, and each (re)opening of the stream (what happened meanwhile), asks again.
  useEvents([backupChannel(siteId)], () => refresh.current(), true, () => refresh.current());
  const { data, isPending, error, refetch } = useGetList<BackupRecord>(BACKUPS_RESOURCE, siteBackupsQuery(siteId));
  useEffect(() => {
    refresh.current = () => void refetch();
  }, [refetch]);
  const [deleteOne, { isPending: deleting }] = useDelete();
  const [confirmDelete, setConfirmDelete] = useState<BackupRecord | null>(null);
  const { state: downloadState, download } = useBackupDownload();
  const refreshing = hasPendingBackup(data);

  const startDownload = async (backup: BackupRecord) => {
    const result = await download(backup.id);
    if (result.step === 'failed') notify(result.messageKey, { type: 'error' });
  };

  const remove = async () => {
    if (!confirmDelete) return;
    try {
      await deleteOne(BACKUPS_RESOURCE, { id: confirmDelete.id, previousData: confirmDelete }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('backups.messages.deleted', { type: 'success' });
    } catch (caught) {
      const failure = caught as { status?: number; message?: string };
      // A backup being built is refused with the server's explanation; anything else is the spec's generic text.
      notify(failure.status === 409 && failure.message ? failure.message : 'backups.errors.deleting', { type: 'error' });
    } finally {
      setConfirmDelete(null);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('backups.summary.title')}
      </Typography>
      {error ? <Alert severity="error">{translate('backups.errors.loading')}</Alert> : null}
      {isPending && !error ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={28} aria-label={translate('ra.page.loading')} />
        </Box>
      ) : null}
      {!isPending && !error && (data ?? []).length === 0 ? (
        <Typography role="status" color="text.secondary">
          {translate('backups.messages.empty')}
        </Typography>
      ) : null}
      {refreshing ? (
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('backups.summary.refreshing_live')}
        </Typography>
      ) : null}
      {data && data.length > 0 ? (
        <Table size="small">
          <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
            <Typography variant="body2" color="text.secondary" component="span">
              {translate('backups.summary.caption')}
            </Typography>
          </caption>
          <TableHead>
            <TableRow>
              <TableCell>{translate(fieldLabelKey('backups', 'status'))}</TableCell>
              <TableCell>{translate(fieldLabelKey('backups', 'creationDate'))}</TableCell>
              <TableCell>{translate(fieldLabelKey('backups', 'processDate'))}</TableCell>
              <TableCell>{translate(fieldLabelKey('backups', 'size'))}</TableCell>
              <TableCell>{translate('backups.summary.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((backup) => {
              const created = formatDateTime(backup.creationDate);
              const actions = backupActionsFor(backup.status);
              return (
                <TableRow key={backup.id}>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      {backup.status === 'inProgress' || backup.status === 'requested' ? <CircularProgress size={14} aria-hidden /> : null}
                      <span>{translate(choiceKey('backups', 'status', backup.status))}</span>
                    </Stack>
                  </TableCell>
                  <TableCell>{created}</TableCell>
                  <TableCell>{formatDateTime(backup.processDate)}</TableCell>
                  <TableCell>{formatBackupSize(backup.size)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      {actions.includes('download') ? (
                        <Button
                          size="small"
                          startIcon={<DownloadIcon />}
                          aria-label={translate('backups.summary.download_label', { date: created })}
                          disabled={downloadState.step === 'preparing'}
                          onClick={() => void startDownload(backup)}
                        >
                          {translate('backups.actions.download')}
                        </Button>
                      ) : null}
                      {actions.includes('delete') ? (
                        <Button
                          size="small"
                          color="error"
                          startIcon={<DeleteIcon />}
                          aria-label={translate('backups.summary.delete_label', { date: created })}
                          onClick={() => setConfirmDelete(backup)}
                        >
                          {translate('backups.actions.delete')}
                        </Button>
                      ) : null}
                    </Stack>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : null}
      <ContinueConfirm
        isOpen={confirmDelete !== null}
        loading={deleting}
        title="backups.actions.delete"
        content="backups.messages.confirm_delete"
        onConfirm={() => remove()}
        onClose={() => setConfirmDelete(null)}
      />
    </Paper>
  );
}
