/**
 * The button of an export written in the background (resources/types.ts `ResourceExport.background`, spec 01 §7
 * `POST /siteusers/export/`): starts the job with the list's filters, follows it with <JobProgress>, then offers the
 * file (`GET <path>?fileName=&fileType=csv`, saved as a Blob with the session).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useDataProvider, useNotify, useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import type { PortalesDataProvider } from '../../dataProvider';
import { EXPORT_TIMEOUT_MS, type QueryValue } from '../../dataProvider/httpClient';
import type { JobView } from '../../resources/jobs';
import { saveBlob } from './download';
import { JobProgress } from './JobProgress';

export interface BackgroundExportButtonProps {
  /** The export route under /api/v1 (e.g. `/siteusers/export/`). */
  path: string;
  /** The list's current filters, as the list route reads them. */
  query: Record<string, QueryValue>;
  /** i18n key of the button's label. */
  labelKey?: string;
}

type Stage = { step: 'idle' } | { step: 'starting' } | { step: 'running'; jobId: number; fileName: string } | { step: 'done'; fileName: string; ok: boolean };

export function BackgroundExportButton({ path, query, labelKey = 'exports.background_button.start' }: BackgroundExportButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const titleId = useId();
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const [downloading, setDownloading] = useState(false);

  const start = async () => {
    setStage({ step: 'starting' });
    try {
      const { json } = await dataProvider.request<{ jobId: number; fileName: string }>(path, { method: 'POST', body: query });
      setStage({ step: 'running', jobId: json.jobId, fileName: json.fileName });
    } catch {
      notify('exports.background_button.failed', { type: 'error' });
      setStage({ step: 'idle' });
    }
  };

  const download = async (fileName: string) => {
    setDownloading(true);
    try {
      const { json } = await dataProvider.request<Blob>(path, { query: { fileName, fileType: 'csv' }, responseType: 'blob', timeout: EXPORT_TIMEOUT_MS });
      saveBlob(json, fileName);
      setStage({ step: 'idle' });
    } catch {
      notify('exports.button.error', { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const finished = (job: JobView) => {
    if (stage.step === 'running') setStage({ step: 'done', fileName: stage.fileName, ok: job.status === 'done' });
  };

  const open = stage.step === 'running' || stage.step === 'done';
  return (
    <>
      <Button size="small" disabled={stage.step !== 'idle'} aria-busy={stage.step === 'starting'} onClick={() => void start()}>
        {stage.step === 'starting' ? translate('exports.background_button.starting') : translate(labelKey)}
      </Button>
      <Dialog open={open} onClose={() => stage.step === 'done' && setStage({ step: 'idle' })} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{translate('exports.background_button.title')}</DialogTitle>
        <DialogContent>
          {stage.step === 'running' && <JobProgress jobId={stage.jobId} onFinished={finished} />}
          {stage.step === 'done' && (
            <Typography role="status">{translate(stage.ok ? 'exports.background_button.ready' : 'exports.background_button.failed')}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          {stage.step === 'done' && stage.ok && (
            <Button variant="contained" disabled={downloading} onClick={() => void download(stage.fileName)}>
              {translate('exports.background_button.download')}
            </Button>
          )}
          {stage.step === 'done' && <Button onClick={() => setStage({ step: 'idle' })}>{translate('exports.background_button.close')}</Button>}
        </DialogActions>
      </Dialog>
    </>
  );
}
