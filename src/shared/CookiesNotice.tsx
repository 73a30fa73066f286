/**
 * Cookie consent, remembered in local storage under the key `cookies` (spec 01 §9). Floating at the bottom of the
 * signed-in screens; `inline` on the public pages, where it sits above the card in the page's flow and so never
 * covers anything (issue 21: it hid the wizard's 'Atrás' / 'Siguiente' buttons on a short screen).
 */
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { storage } from '../../authProvider/storage';
import { useText } from './useText';

export const COOKIES_KEY = 'cookies';

export function CookiesNotice({ inline = false }: { inline?: boolean }) {
  const text = useText();
  const [accepted, setAccepted] = useState(() => storage().getItem(COOKIES_KEY) === 'true');
  if (accepted) return null;
  const accept = () => {
    storage().setItem(COOKIES_KEY, 'true');
    setAccepted(true);
  };
  return (
    <Paper
      role="region"
      aria-label={text('pages.notices.cookies_accept')}
      elevation={inline ? 1 : 6}
      sx={{
        p: 2,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        ...(inline ? { width: '100%' } : { position: 'fixed', bottom: 16, left: 16, right: 16, zIndex: 1300 }),
      }}
    >
      <Typography sx={{ flex: '1 1 16rem' }}>{text('pages.notices.cookies')}</Typography>
      <Button variant="contained" onClick={accept}>
        {text('pages.notices.cookies_accept')}
      </Button>
    </Paper>
  );
}
