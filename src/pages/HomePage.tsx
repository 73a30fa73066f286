/**
 * '/': the public site-request screen (spec 01 §2): an introduction with the links to sign in and to the terms, then
 * the request wizard in a chunk of its own (src/newSite; preloaded for '/' by src/routes/preloadRoute.ts), so the
 * sign-in page's first load does not carry it.
 */
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Suspense } from 'react';
import { NewSiteWizard } from '../routes/lazyScreen';
import { useText } from '../shared/useText';
import { PublicShell } from './PublicShell';

function WizardLoading() {
  const text = useText();
  return <CircularProgress aria-label={text('pages.home.wizard_loading')} />;
}


export function HomePage() {
  const text = useText();
  return (
    <PublicShell title="pages.home.title" wide>
      <Typography paragraph color="text.secondary">
        {text('pages.home.intro')}
      </Typography>
      <Stack direction="row" spacing={3} sx={{ mb: 3 }}>
        <Link component={RouterLink} to="/login">
          {text('pages.home.login')}
        </Link>
        <Link component={RouterLink} to="/terminos-condiciones">
          {text('pages.home.terms')}
        </Link>
      </Stack>
      <Suspense fallback={<WizardLoading />}>
        <NewSiteWizard />
      </Suspense>
    </PublicShell>
  );
}
