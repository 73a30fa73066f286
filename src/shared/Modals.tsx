/**
 * The shared modals (spec 01 §2, 02 §8, 03 §8): the yes/no warning confirmation
 * ('Continuar' / 'Regresar'), the alert with its default titles (Advertencia, Éxito,
 * Confirmación) and the error modal ('Error', 'Entendido'). Messages may be i18n keys or texts.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useText } from './useText';

export type AlertKind = 'warning' | 'success' | 'confirmation';

export const ALERT_TITLES: Record<AlertKind, string> = {
  warning: 'pages.modals.warning',
  success: 'pages.modals.success',
  confirmation: 'pages.modals.confirmation',
};

interface BaseModalProps {
  open: boolean;
  message: string;
  title?: string;
  values?: Record<string, unknown>;
}

function ModalFrame(props: BaseModalProps & { onClose: () => void; actions: React.ReactNode }) {
  const text = useText();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} aria-describedby={bodyId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{text(props.title ?? ALERT_TITLES.warning)}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{text(props.message, props.values)}</DialogContentText>
      </DialogContent>
      <DialogActions>{props.actions}</DialogActions>
    </Dialog>
  );
}

export function ConfirmModal(
  props: BaseModalProps & { onConfirm: () => void; onCancel: () => void; confirmLabel?: string; cancelLabel?: string },
) {
  const text = useText();
  return (
    <ModalFrame
      {...props}
      onClose={props.onCancel}
      actions={
        <>
          <Button onClick={props.onCancel}>{text(props.cancelLabel ?? 'pages.modals.back')}</Button>
          <Button variant="contained" onClick={props.onConfirm} autoFocus>
            {text(props.confirmLabel ?? 'pages.modals.continue')}
          </Button>
        </>
      }
    />
  );
}

export function AlertModal(props: BaseModalProps & { kind?: AlertKind; onClose: () => void }) {
  const text = useText();
  return (
    <ModalFrame
      {...props}
      title={props.title ?? ALERT_TITLES[props.kind ?? 'warning']}
      actions={
        <Button variant="contained" onClick={props.onClose} autoFocus>
          {text('pages.modals.accept')}
        </Button>
      }
    />
  );
}

export function ErrorModal(props: BaseModalProps & { onClose: () => void }) {
  const text = useText();
  return (
    <ModalFrame
      {...props}
      title={props.title ?? 'pages.modals.error_title'}
      actions={
        <Button variant="contained" color="error" onClick={props.onClose} autoFocus>
          {text('pages.modals.understood')}
        </Button>
      }
    />
  );
}
