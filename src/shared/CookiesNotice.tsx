/** Cookie consent, remembered in local storage under the key `cookies` (spec 01 §9). */
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { storage } from '../../authProvider/storage';
import { useText } from './useText';

export const COOKIES_KEY = 'cookies';

export function CookiesNotice() {
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
      elevation={6}
      sx={{ position: 'fixed', bottom: 16, left: 16, right: 16, p: 2, display: 'flex', gap: 2, alignItems: 'center', zIndex: 1300 }}
    >
      <Typography sx={{ flex: 1 }}>{text('pages.notices.cookies')}</Typography>
      <Button variant="contained" onClick={accept}>
        {text('pages.notices.cookies_accept')}
      </Button>
    </Paper>
  );
}
