/**
 * The backup download page (spec 01 §2 '/descargar-backup/{hash}', also '/download/{hash}'; Sites): 'Descargar' asks a
 * single-use token by the backup's download hash and sends the browser to the file. A hash no backup has, a deleted,
 * expired or not-ready backup, or a spent link (the server answers a browser's `/download/{hash}?token=` that it
 * refuses with this page: the token in the address means it was refused) shows 'Este archivo ya no se encuentra para
 * descarga' and the way to /portales (spec 01 §8).
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { Title, useRedirect, useTranslate } from 'react-admin';
import { useLocation, useParams } from 'react-router-dom';
import { backupKeyOf } from './backupRules';
import { useBackupDownload } from './useBackupDownload';

export function BackupDownloadPage({ title = 'backups.download_page.title' }: { title?: string }) {
  const translate = useTranslate();
  const redirect = useRedirect();
  const { hash = '' } = useParams<{ hash: string }>();
  const { search } = useLocation();
  const { state, download } = useBackupDownload();
  const refusedLink = new URLSearchParams(search).has('token');
  const key = backupKeyOf(hash);
  const gone = refusedLink || key === null || (state.step === 'failed' && state.messageKey === 'backups.errors.gone');

  return (
    <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
      <Title title={translate(title)} />
      <Paper variant="outlined" component="section" aria-labelledby="backup-download-title" sx={{ p: 3, maxWidth: 560, width: '100%' }}>
        <Typography id="backup-download-title" variant="h5" component="h1" sx={{ mb: 2 }}>
          {translate('backups.download_page.title')}
        </Typography>
        {gone ? (
          <Stack spacing={2}>
            <Alert severity="error" role="alert">
              {translate('backups.errors.gone')}
            </Alert>
            <Box>
              <Button variant="contained" onClick={() => redirect('/portales')}>
                {translate('backups.download_page.go_to_sites')}
              </Button>
            </Box>
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Typography>{translate('backups.download_page.intro')}</Typography>
            {state.step === 'failed' ? (
              <Alert severity="error" role="alert">
                {translate(state.messageKey)}
              </Alert>
            ) : null}
            {state.step === 'started' ? (
              <Alert severity="success" role="status">
                {translate('backups.download_page.started')}
              </Alert>
            ) : null}
            {state.step === 'preparing' ? (
              <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
                <CircularProgress size={18} aria-hidden />
                <Typography>{translate('backups.download_page.preparing')}</Typography>
              </Stack>
            ) : null}
            <Box>
              <Button variant="contained" startIcon={<DownloadIcon />} disabled={state.step === 'preparing'} onClick={() => void download(hash)}>
                {translate('backups.actions.download')}
              </Button>
            </Box>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
