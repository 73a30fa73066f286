/**
 * /configuracion/actualizar-sitios (spec 03 §2, Settings): bulk update of entity order and registry (SIGEP) code.
 * Downloads the active sites as xlsx (GET /exportsitetoupload), then uploads the edited file with its progress
 * (elementType=siteUpdateExcel: xlsx, 5242880 bytes), says how many entities it will change (POST
 * /exportsitetoupload/{fileID}/preview, nothing saved) and, on 'Guardar cambios', applies it (PUT
 * /exportsitetoupload/{fileID}): all rows or none, every bad row listed by line.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDataProvider, useNotify } from 'ra-core';
import { useId, useState } from 'react';
import { Title } from 'react-admin';
import type { PortalesDataProvider } from '../../../dataProvider';
import type { HttpErrorBody } from '../../../dataProvider/errors';
import { EXPORT_TIMEOUT_MS } from '../../../dataProvider/httpClient';
import type { UploadedFile } from '../../../dataProvider/upload';
import { AREAS } from '../../../resources/areas';
import { SITE_UPDATE_ELEMENT_TYPE, SITE_UPDATE_MAX_BYTES, type SiteUpdateResult } from '../../../resources/loads';
import { fileNameFromDisposition, saveBlob } from '../../shared/download';
import { useText } from '../../shared/useText';
import { BackButton } from '../BackButton';

const AREA = AREAS['settings.updateSites'];

/** The browser's own check before uploading (the server checks again, by content). */
export function siteUpdateFileError(file: Pick<File, 'name' | 'size'>): { key: string; values?: Record<string, number> } | null {
  if (!/\.xlsx$/i.test(file.name)) return { key: 'files.errors.wrong_type' };
  if (file.size === 0) return { key: 'files.errors.empty' };
  if (file.size > SITE_UPDATE_MAX_BYTES) return { key: 'files.errors.too_big', values: { n: SITE_UPDATE_MAX_BYTES / 1024 / 1024 } };
  return null;
}

export function UpdateSitesPage() {
  const text = useText();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const progressId = useId();
  const [downloading, setDownloading] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lines, setLines] = useState<string[]>([]);
  /** The reviewed file: how many entities it changes, waiting for 'Guardar cambios'. */
  const [pending, setPending] = useState<{ fileID: string; updated: number } | null>(null);
  const [saving, setSaving] = useState(false);

  const refused = (failure: unknown) => {
    const status = (failure as { status?: number }).status;
    const details = (failure as { body?: HttpErrorBody }).body?.details ?? [];
    if (status === 400 && details.length > 1) setLines(details.map((detail) => detail.message ?? ''));
    setError(status === 400 || status === 413 ? (failure as Error).message : text('loads.errors.load_failed'));
  };

  const download = async () => {
    setDownloading(true);
    try {
      const { json, headers } = await dataProvider.request<Blob>('/exportsitetoupload', {
        query: { format: 'xlsx' },
        responseType: 'blob',
        timeout: EXPORT_TIMEOUT_MS,
      });
      saveBlob(json, fileNameFromDisposition(headers.get('content-disposition')) ?? `${text('loads.files.update_sites')}.xlsx`);
    } catch {
      notify('exports.button.error', { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const upload = async (file: File) => {
    setError(null);
    setLines([]);
    setPending(null);
    const invalid = siteUpdateFileError(file);
    if (invalid) {
      setError(text(invalid.key, invalid.values));
      return;
    }
    setPercent(0);
    try {
      const uploaded = await dataProvider.upload<UploadedFile>(`elementType=${SITE_UPDATE_ELEMENT_TYPE}`, file, setPercent);
      const { json } = await dataProvider.request<SiteUpdateResult>(`/exportsitetoupload/${uploaded.fileID}/preview`, { method: 'POST' });
      setPending({ fileID: uploaded.fileID, updated: json.updated });
    } catch (failure) {
      refused(failure);
    } finally {
      setPercent(null);
    }
  };

  const save = async () => {
    if (!pending) return;
    setSaving(true);
    setError(null);
    try {
      const { json } = await dataProvider.request<SiteUpdateResult>(`/exportsitetoupload/${pending.fileID}`, { method: 'PUT' });
      setPending(null);
      notify(text('loads.update_sites.done', { count: json.updated }), { type: 'success' });
    } catch (failure) {
      setPending(null);
      refused(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={text(AREA.title)} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography component="h1" variant="h5">
          {text(AREA.title)}
        </Typography>
        <BackButton to={AREAS.settings.path} />
      </Stack>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography>{text('loads.update_sites.description')}</Typography>
            <Stack direction="row" spacing={2}>
              <Button variant="outlined" onClick={download} disabled={downloading} startIcon={downloading ? <CircularProgress size={16} /> : undefined}>
                {text('loads.update_sites.download')}
              </Button>
              <Button variant="contained" component="label" disabled={percent !== null || saving}>
                {text('loads.update_sites.upload')}
                <input
                  hidden
                  type="file"
                  accept=".xlsx"
                  aria-label={text('loads.update_sites.upload')}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file) void upload(file);
                  }}
                />
              </Button>
            </Stack>
            {percent !== null && (
              <Box>
                <Typography id={progressId}>{text('loads.dialog.uploading', { percent })}</Typography>
                <LinearProgress variant="determinate" value={percent} aria-labelledby={progressId} />
              </Box>
            )}
            {pending && (
              <Alert
                severity={pending.updated > 0 ? 'warning' : 'info'}
                action={
                  <Stack direction="row" spacing={1}>
                    <Button color="inherit" onClick={() => setPending(null)} disabled={saving}>
                      {text('loads.update_sites.cancel')}
                    </Button>
                    {pending.updated > 0 && (
                      <Button color="inherit" variant="outlined" onClick={save} disabled={saving}>
                        {text('loads.update_sites.save')}
                      </Button>
                    )}
                  </Stack>
                }
              >
                {pending.updated > 0 ? text('loads.update_sites.preview', { smart_count: pending.updated }) : text('loads.update_sites.preview_none')}
              </Alert>
            )}
            {error && <Alert severity="error">{error}</Alert>}
            {lines.length > 0 && (
              <Box>
                <Typography variant="subtitle2">{text('loads.update_sites.errors_title')}</Typography>
                <List dense aria-label={text('loads.update_sites.errors_title')}>
                  {lines.map((line) => (
                    <ListItem key={line}>{line}</ListItem>
                  ))}
                </List>
              </Box>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
