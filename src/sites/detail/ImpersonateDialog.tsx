/**
 * 'Administrar' (spec 01 §2, §6 Impersonate): asks the reason (recorded in the audit trail), calls
 * `GET /sites/{id}/auth?reason=` and opens the portal's administration address in a new tab. The tab is opened before
 * the call (a browser allows a pop-up only during the click) and pointed at the address when it arrives. Failure:
 * 'No fue posible conectarse con el sitio, intenta de nuevo' (a 403 goes to the generic handler).
 */
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalesDataProvider } from '../../../dataProvider';
import { IMPERSONATION_REASON_MAX } from '../../../resources/impersonation';
import { isValidReason } from './siteDetailRules';

export interface ImpersonateDialogProps {
  siteId: number;
  open: boolean;
  onClose: () => void;
  /** After a token was issued (the recent entries reload). */
  onEntered?: () => void;
}

export function ImpersonateDialog({ siteId, open, onClose, onEntered }: ImpersonateDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const valid = isValidReason(reason);

  const enter = async () => {
    const tab = window.open('', '_blank');
    setPending(true);
    try {
      const { json } = await dataProvider.request<{ url: string }>(`/sites/${siteId}/auth`, { query: { reason: reason.trim() } });
      if (tab) {
        tab.opener = null;
        tab.location.href = json.url;
      } else {
        window.open(json.url, '_blank', 'noopener');
      }
      setReason('');
      onEntered?.();
      onClose();
    } catch (error) {
      tab?.close();
      notify((error as { status?: number }).status === 403 ? 'errors.forbidden' : 'siteDetail.impersonation.error', { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="impersonate-title" fullWidth maxWidth="sm">
      <DialogTitle id="impersonate-title">{translate('siteDetail.impersonation.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{translate('siteDetail.impersonation.intro')}</Typography>
        <TextField
          label={translate('siteDetail.impersonation.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          required
          slotProps={{ htmlInput: { maxLength: IMPERSONATION_REASON_MAX } }}
          helperText={reason && !valid ? translate('siteDetail.server.reason_required') : ' '}
          error={Boolean(reason) && !valid}
        />
      </DialogContent>
      <DialogActions>
        <Button label="siteDetail.impersonation.cancel" onClick={onClose} />
        <Button label="siteDetail.impersonation.enter" variant="contained" disabled={!valid || pending} onClick={() => void enter()} />
      </DialogActions>
    </Dialog>
  );
}
