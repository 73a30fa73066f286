/** 'La sesión ha expirado, vuelve a conectarte' with 'Iniciar Sesión' (spec 01 §2, 03 §8). */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate } from 'react-router-dom';
import { useSessionWatcher } from '../../authProvider/useSessionWatcher';
import { clearSession } from '../../authProvider/storage';
import { useText } from '../shared/useText';

export function SessionExpiredModal({ intervalMs }: { intervalMs?: number }) {
  const text = useText();
  const navigate = useNavigate();
  const { expired, acknowledge } = useSessionWatcher(intervalMs);
  const goToLogin = () => {
    clearSession();
    acknowledge();
    navigate('/login', { replace: true });
  };
  return (
    <Dialog open={expired} aria-labelledby="session-expired-title" disableEscapeKeyDown>
      <DialogTitle id="session-expired-title">{text('pages.modals.warning')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text('auth.session.expired')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={goToLogin} autoFocus>
          {text('auth.session.login_again')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
