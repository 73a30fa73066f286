/**
 * Approving and rejecting a pending site request (spec 01 §4, §5, §8): each behind its dialog. Aprobar asks for
 * confirmation; Rechazar asks the reason (at least 50 characters, live counter, the rule's message) and is itself the
 * confirmation. Both call `PUT /siterequests/changestatus/{id}`; success texts 'La solicitud ha sido aprobada' /
 * 'La solicitud ha sido rechazada'; a refusal the server explains (400/409) shows its message, anything else
 * 'Lo sentimos en este momento no podemos actualizar la información'. After an approval the wait screen follows the
 * installation job (JobProgress) until it ends.
 */
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Button, useDataProvider, useNotify } from 'react-admin';
import type { PortalesDataProvider } from '../../../../dataProvider';
import type { JobView } from '../../../../resources/jobs';
import { decisionFailureMessage, rejectionReasonState, REJECTION_REASON_MAX, REJECTION_REASON_MIN, type ChangeStatusBody } from '../../../../resources/siteRequestRules';
import { JobProgress } from '../../../shared/JobProgress';
import { useText } from '../../../shared/useText';

export interface ChangeStatusAnswer {
  id: number;
  status: 'Approved' | 'Rejected';
  jobId: number | null;
}

/** `PUT /siterequests/changestatus/{id}`; answers the server's answer or null after telling the user why it failed. */
function useChangeStatus(requestId: number) {
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const notify = useNotify();
  return async (body: ChangeStatusBody): Promise<ChangeStatusAnswer | null> => {
    try {
      const { json } = await dataProvider.request<ChangeStatusAnswer>(`/siterequests/changestatus/${requestId}`, { method: 'PUT', body });
      notify(body.status === 'Approved' ? 'resources.siterequests.approved' : 'resources.siterequests.rejected', { type: 'success' });
      return json;
    } catch (error) {
      const status = (error as { status?: number }).status;
      notify(status === 403 ? 'errors.forbidden' : decisionFailureMessage(error as { status?: number; message?: string }), { type: 'error' });
      return null;
    }
  };
}

export function ApproveDialog({ requestId, open, onClose, onApproved }: { requestId: number; open: boolean; onClose: () => void; onApproved: (answer: ChangeStatusAnswer) => void }) {
  const text = useText();
  const titleId = useId();
  const change = useChangeStatus(requestId);
  const [pending, setPending] = useState(false);
  const approve = async () => {
    setPending(true);
    const answer = await change({ status: 'Approved' });
    setPending(false);
    if (answer) onApproved(answer);
    else onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{text('resources.siterequests.approve_dialog.title')}</DialogTitle>
      <DialogContent>
        <Typography>{text('resources.siterequests.approve_dialog.message')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button label="resources.siterequests.actions.cancel" onClick={onClose} />
        <Button label="resources.siterequests.actions.confirm" variant="contained" disabled={pending} onClick={() => void approve()} />
      </DialogActions>
    </Dialog>
  );
}

export function RejectDialog({ requestId, open, onClose, onRejected }: { requestId: number; open: boolean; onClose: () => void; onRejected: (answer: ChangeStatusAnswer) => void }) {
  const text = useText();
  const titleId = useId();
  const counterId = useId();
  const change = useChangeStatus(requestId);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const state = rejectionReasonState(reason);
  const showError = touched && state.error !== null;
  const reject = async () => {
    setTouched(true);
    if (state.error) return;
    setPending(true);
    const answer = await change({ status: 'Rejected', responseMessage: reason.trim() });
    setPending(false);
    if (answer) {
      setReason('');
      setTouched(false);
      onRejected(answer);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{text('resources.siterequests.reject_dialog.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{text('resources.siterequests.reject_dialog.message')}</Typography>
        <TextField
          label={text('resources.siterequests.reject_dialog.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          multiline
          minRows={4}
          fullWidth
          required
          autoFocus
          error={showError}
          helperText={showError ? text(state.error!) : ' '}
          slotProps={{ htmlInput: { maxLength: REJECTION_REASON_MAX, 'aria-describedby': counterId } }}
        />
        <Typography id={counterId} variant="body2" color={state.missing > 0 ? 'text.secondary' : 'success.main'} aria-live="polite">
          {text('resources.siterequests.reject_dialog.counter', { count: state.length, min: REJECTION_REASON_MIN })}
          {state.missing > 0 ? ` · ${text('resources.siterequests.reject_dialog.missing', { count: state.missing })}` : ''}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button label="resources.siterequests.actions.cancel" onClick={onClose} />
        <Button label="resources.siterequests.actions.reject" variant="contained" color="error" disabled={pending || state.error !== null} onClick={() => void reject()} />
      </DialogActions>
    </Dialog>
  );
}

/** The wait screen after an approval: the installation job's progress until it ends, then its outcome. */
export function InstallationWait({ jobId, onClose }: { jobId: number; onClose: () => void }) {
  const text = useText();
  const titleId = useId();
  const [finished, setFinished] = useState<JobView | null>(null);
  return (
    <Dialog open onClose={finished ? onClose : undefined} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{text('resources.siterequests.wait.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography>{text('resources.siterequests.wait.message')}</Typography>
        <JobProgress jobId={jobId} onFinished={setFinished} />
        {finished?.status === 'done' && <Alert severity="success">{text('resources.siterequests.wait.done')}</Alert>}
        {finished && finished.status !== 'done' && <Alert severity="error">{text('resources.siterequests.wait.failed')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button label="resources.siterequests.wait.close" variant={finished ? 'contained' : 'text'} onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}
