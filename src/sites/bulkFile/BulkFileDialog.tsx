/**
 * 'Cargar más entidades' (spec 01 §2 'Site list', bulk file check panel): choose a txt or csv file, upload it with
 * progress (`POST /uploadfiles/elementType=portalFile`), show the server's check (`POST /sitesfile/ { fileID }`): new
 * portals, errors and the report by line; 'Guardar entidades' (only with zero errors and at least one new portal) saves
 * with `POST /sitesfile/ { fileID, save: true }`. Exported for the site list's button.
 */
import { Alert, Box, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { Button, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalesDataProvider } from '../../../dataProvider';
import { bulkFileCanSave, EXAMPLE_FILES, PORTAL_FILE_ELEMENT, type BulkCheck } from '../../../resources/loads';

export type { BulkCheck };


/** The check panel: counts, the error report, Cancelar / Guardar entidades. */
export function BulkCheckPanel({ check, saving, onCancel, onSave }: { check: BulkCheck; saving: boolean; onCancel: () => void; onSave: () => void }) {
  const translate = useTranslate();
  const canSave = bulkFileCanSave(check.newPortals, check.errorCount);
  return (
    <>
      <DialogContent>
        <Stack direction="row" spacing={3} sx={{ mb: 2 }}>
          <Typography>{translate('bulkFile.new_portals', { count: check.newPortals })}</Typography>
          <Typography color={check.errorCount > 0 ? 'error' : undefined}>{translate('bulkFile.error_count', { count: check.errorCount })}</Typography>
        </Stack>
        {check.errors.length > 0 && (
          <>
            <Typography variant="subtitle1" component="h3">
              {translate('bulkFile.report')}
            </Typography>
            <Table size="small" aria-label={translate('bulkFile.report')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('bulkFile.line')}</TableCell>
                  <TableCell>{translate('bulkFile.description')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {check.errors.map((error, index) => (
                  <TableRow key={`${error.line}-${index}`}>
                    <TableCell>{error.line}</TableCell>
                    <TableCell>{error.description}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {check.errors.length < check.errorCount && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {translate('bulkFile.more_errors', { shown: check.errors.length, count: check.errorCount })}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="bulkFile.cancel" onClick={onCancel} disabled={saving} />
        {canSave && <Button label="bulkFile.save" variant="contained" onClick={onSave} disabled={saving} />}
      </DialogActions>
    </>
  );
}

export function BulkFileDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const [progress, setProgress] = useState<number | null>(null);
  const [checking, setChecking] = useState(false);
  const [check, setCheck] = useState<BulkCheck | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();

  const reset = () => {
    setProgress(null);
    setChecking(false);
    setCheck(null);
    setSaving(false);
    setFailure(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const messageOf = (error: unknown) => (error as { message?: string }).message || translate('bulkFile.process_error');

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    reset();
    setProgress(0);
    try {
      const uploaded = await dataProvider.upload<{ fileID: string }>(`elementType=${PORTAL_FILE_ELEMENT}`, file, setProgress);
      setProgress(null);
      setChecking(true);
      const answer = await dataProvider.request<BulkCheck>('/sitesfile/', { method: 'POST', body: { fileID: uploaded.fileID } });
      setCheck(answer.json);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setProgress(null);
      setChecking(false);
    }
  };

  const save = async () => {
    if (!check) return;
    setSaving(true);
    try {
      await dataProvider.request('/sitesfile/', { method: 'POST', body: { fileID: check.fileID, save: true } });
      notify('bulkFile.saved', { type: 'success' });
      onSaved?.();
      close();
    } catch (error) {
      setFailure(messageOf(error));
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('bulkFile.title')}</DialogTitle>
      {check ? (
        <BulkCheckPanel check={check} saving={saving} onCancel={close} onSave={save} />
      ) : (
        <>
          <DialogContent>
            <Typography sx={{ mb: 1 }}>{translate('bulkFile.instructions')}</Typography>
            <Link href={EXAMPLE_FILES.portals} download>
              {translate('bulkFile.example')}
            </Link>
            <Box sx={{ mt: 2 }}>
              <Button component="label" variant="outlined" label="bulkFile.choose" disabled={progress !== null || checking}>
                <input hidden type="file" accept=".txt,.csv,text/plain,text/csv" onChange={onFile} data-testid="bulk-file-input" />
              </Button>
            </Box>
            {progress !== null && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="body2">{translate('bulkFile.uploading', { percent: Math.round(progress) })}</Typography>
                <LinearProgress variant="determinate" value={progress} aria-label={translate('bulkFile.uploading', { percent: Math.round(progress) })} />
              </Box>
            )}
            {checking && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="body2">{translate('bulkFile.checking')}</Typography>
                <LinearProgress aria-label={translate('bulkFile.checking')} />
              </Box>
            )}
          </DialogContent>
          <DialogActions>
            <Button label="bulkFile.cancel" onClick={close} />
          </DialogActions>
        </>
      )}
      {failure && (
        <Alert severity="error" sx={{ m: 2 }}>
          {failure}
        </Alert>
      )}
    </Dialog>
  );
}
