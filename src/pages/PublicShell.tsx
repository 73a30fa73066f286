/** Frame of the public pages (no layout, no session): a centred card, with the cookies notice above it in the flow. */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../routes/usePageTitle';
import { CookiesNotice } from '../shared/CookiesNotice';
import { useText } from '../shared/useText';

export function PublicShell({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const text = useText();
  usePageTitle(title);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', bgcolor: 'grey.100', p: 3 }}>
      <Box sx={{ mt: 8, width: '100%', maxWidth: wide ? 880 : 440, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <CookiesNotice inline />
        <Paper elevation={2} sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {text(title)}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
