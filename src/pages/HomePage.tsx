/** '/': the public site-request wizard (spec 01 §2); for now a notice with links to sign in and the terms. */
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useText } from '../shared/useText';
import { PublicShell } from './PublicShell';

export function HomePage() {
  const text = useText();
  return (
    <PublicShell title="pages.home.title" wide>
      <Typography paragraph>{text('pages.under_construction.title')}</Typography>
      <Typography paragraph color="text.secondary">
        {text('pages.home.text')}
      </Typography>
      <Stack direction="row" spacing={3}>
        <Link component={RouterLink} to="/login">
          {text('pages.home.login')}
        </Link>
        <Link component={RouterLink} to="/terminos-condiciones">
          {text('pages.home.terms')}
        </Link>
      </Stack>
    </PublicShell>
  );
}
