/** /pagina-no-encontrada: 'Página no encontrada' with a link back to /login (spec 01 §2). */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import { useText } from '../shared/useText';
import { PublicShell } from './PublicShell';

export const NOT_FOUND_PATH = '/pagina-no-encontrada';

export function NotFoundPage() {
  const text = useText();
  return (
    <PublicShell title="pages.not_found.title">
      <Typography paragraph>{text('pages.not_found.text')}</Typography>
      <Link component={RouterLink} to="/login">
        {text('pages.not_found.link')}
      </Link>
    </PublicShell>
  );
}

/** `catchAll` of <Admin>: any unknown path goes to the not-found page. */
export function NotFoundRedirect() {
  return <Navigate to={NOT_FOUND_PATH} replace />;
}
