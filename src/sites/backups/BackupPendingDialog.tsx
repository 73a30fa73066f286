/**
 * The error modal of a refused backup request (spec 01 §4, §8 'BackupRequestAlreadyPeding'): the server's message,
 * which names the site holding the pending backup, and the way to that site's detail. Title 'Error', button 'Entendido'
 * as the shared error modal.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { PendingElsewhere } from './backupRules';

export function BackupPendingDialog({ pending, onClose }: { pending: PendingElsewhere | null; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={pending !== null} onClose={onClose} role="alertdialog" aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{translate('backups.pending.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{pending?.message}</DialogContentText>
        {pending?.siteId ? (
          <Link component={RouterLink} to={`/portales/${pending.siteId}`} onClick={onClose} sx={{ display: 'inline-block', mt: 2 }}>
            {translate('backups.pending.go_to_site')}
          </Link>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {translate('backups.pending.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
