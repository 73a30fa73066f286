/** The wait spinner (spec 01 §2 'Other shared views'): inline, or over the whole page. */
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useText } from './useText';

export function Spinner({ message }: { message?: string }) {
  const text = useText();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, p: 4 }}>
      <CircularProgress size={32} />
      <Typography>{text(message ?? 'pages.modals.wait')}</Typography>
    </Box>
  );
}

export function WaitSpinner({ open, message }: { open: boolean; message?: string }) {
  const text = useText();
  return (
    <Backdrop open={open} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}>
      <CircularProgress color="inherit" />
      <Typography role="status">{text(message ?? 'pages.modals.wait')}</Typography>
    </Backdrop>
  );
}
