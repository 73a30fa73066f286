/** 'La sesión ha expirado, vuelve a conectarte' with 'Iniciar Sesión' (spec 01 §2, 03 §8). */
import { useNavigate } from 'react-router-dom';
import { useSessionWatcher } from '../../authProvider/useSessionWatcher';
import { clearSession } from '../../authProvider/storage';
import { onDemand } from '../shared/lazyComponent';

// The dialog (MUI Dialog) loads when the session expires, not with the layout.
const SessionExpiredDialog = onDemand(() => import('./SessionExpiredDialog').then((module) => module.SessionExpiredDialog));

export function SessionExpiredModal({ intervalMs }: { intervalMs?: number }) {
  const navigate = useNavigate();
  const { expired, acknowledge } = useSessionWatcher(intervalMs);
  const goToLogin = () => {
    clearSession();
    acknowledge();
    navigate('/login', { replace: true });
  };
  return expired ? <SessionExpiredDialog onLogin={goToLogin} /> : null;
}
