/**
 * The top bar's activity indicator: a spinner while react-admin loads data, else a refresh button.
 * react-admin's <LoadingIndicator> does the same with a MUI Tooltip, which brings Popper into the
 * layout's chunk (docs/decisions/0022-first-load-budget.md); a native title names the button here.
 */
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { useLoading, useRefresh } from 'react-admin';
import { useText } from '../shared/useText';

export function ActivityIndicator() {
  const loading = useLoading();
  const refresh = useRefresh();
  const text = useText();
  return (
    <Box sx={{ position: 'relative', display: 'flex' }}>
      <IconButton color="inherit" onClick={() => refresh()} aria-label={text('ra.action.refresh')} title={text('ra.action.refresh')} sx={{ opacity: loading ? 0 : 1 }}>
        <RefreshIcon />
      </IconButton>
      {loading && (
        <CircularProgress color="inherit" size={16} thickness={6} aria-label={text('ra.page.loading')} sx={{ position: 'absolute', top: '30%', left: '30%' }} />
      )}
    </Box>
  );
}
