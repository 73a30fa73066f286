/** The session-expired dialog (SessionExpiredModal shows it): 'La sesión ha expirado, vuelve a conectarte'. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useText } from '../shared/useText';

export function SessionExpiredDialog({ onLogin }: { onLogin: () => void }) {
  const text = useText();
  return (
    <Dialog open aria-labelledby="session-expired-title" disableEscapeKeyDown>
      <DialogTitle id="session-expired-title">{text('pages.modals.warning')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text('auth.session.expired')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onLogin} autoFocus>
          {text('auth.session.login_again')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
