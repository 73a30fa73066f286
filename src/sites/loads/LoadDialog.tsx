/**
 * One dialog for the three loads of the site list (spec 01 §2 'Cargar población', 'Cargar correos', 'Cargar índice
 * de gobierno'): the Excel file (with the example file's link) and, for e-mails, month and year, for the index, the
 * year; then the upload with its progress (files service) and the server's review of the file (POST …/preview: its bad
 * lines, or how many portals the load will change, said before anything is saved); on 'Cargar' the load's job with its
 * progress (JobProgress) and, when it fails, its bad lines. The e-mail load first asks whether another file is
 * processing (GET /emails/check).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDataProvider } from 'ra-core';
import { useEffect, useId, useState } from 'react';
import type { PortalesDataProvider } from '../../../dataProvider';
import type { UploadedFile } from '../../../dataProvider/upload';
import type { JobView } from '../../../resources/jobs';
import { emailMonths, emailYears, EXAMPLE_FILES, govIndexYears, LOAD_ELEMENT_TYPE, type LoadPreview, type LoadStarted } from '../../../resources/loads';
import { dayjs } from '../../shared/dayjs';
import { JobProgress } from '../../shared/JobProgress';
import { useText } from '../../shared/useText';

export type LoadKind = 'population' | 'emails' | 'govIndex';

const LOADS: Record<LoadKind, { title: string; path: string; example: string; done: string; preview: string }> = {
  population: {
    title: 'loads.dialog.population_title',
    path: '/locations/',
    example: EXAMPLE_FILES.population,
    done: 'loads.dialog.population_done',
    preview: 'loads.preview.population',
  },
  emails: { title: 'loads.dialog.emails_title', path: '/emails/', example: EXAMPLE_FILES.emails, done: 'loads.dialog.file_done', preview: 'loads.preview.emails' },
  govIndex: {
    title: 'loads.dialog.gov_index_title',
    path: '/govindex/',
    example: EXAMPLE_FILES.govIndex,
    done: 'loads.dialog.file_done',
    preview: 'loads.preview.gov_index',
  },
};

export interface LoadDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called once when a load finished well (e.g. to refresh the site list). */
  onLoaded?: (job: JobView) => void;
  /** Poll interval of the job (tests). */
  pollMs?: number;
}

type Step =
  | { name: 'form' }
  | { name: 'uploading'; percent: number }
  | { name: 'reviewing' }
  | { name: 'preview'; fileID: string; preview: LoadPreview; starting: boolean }
  | { name: 'running'; jobId: number }
  | { name: 'finished'; job: JobView };

/** A failed call's message: the first detail's (spec 01 §8 'File load 400') or the upload's size refusal (413), else the fallback. */
function messageOf(error: unknown, fallback: string): string {
  const status = (error as { status?: number } | null)?.status;
  const message = (error as { message?: string } | null)?.message;
  return (status === 400 || status === 413) && message ? message : fallback;
}

export function LoadDialog({ kind, open, onClose, onLoaded, pollMs }: LoadDialogProps & { kind: LoadKind }) {
  const text = useText();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const load = LOADS[kind];
  const fileInputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [year, setYear] = useState<number | ''>('');
  const [month, setMonth] = useState<number | ''>('');
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [error, setError] = useState<string | null>(null);
  /** E-mails: the busy check's refusal (another file is processing), which blocks the form. */
  const [blocked, setBlocked] = useState<string | null>(null);
  const [badLines, setBadLines] = useState<string[]>([]);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setYear('');
    setMonth('');
    setStep({ name: 'form' });
    setError(null);
    setBlocked(null);
    setBadLines([]);
    if (kind !== 'emails') return;
    let stopped = false;
    dataProvider.request('/emails/check').catch((failure: unknown) => {
      if (!stopped) setBlocked(messageOf(failure, text('loads.errors.check_failed')));
    });
    return () => {
      stopped = true;
    };
  }, [open, kind, dataProvider, text]);

  const years = kind === 'emails' ? emailYears() : govIndexYears();
  const months = typeof year === 'number' ? emailMonths(year) : [];
  const needsYear = kind !== 'population';
  const ready = file !== null && (!needsYear || year !== '') && (kind !== 'emails' || month !== '') && !blocked;
  const busy = step.name === 'uploading' || step.name === 'reviewing' || step.name === 'running';
  const period = { year, month, fileMonth: typeof month === 'number' ? dayjs().month(month - 1).format('MMMM') : '' };
  const loadBody = (fileID: string) => ({ fileID, ...(needsYear ? { year } : {}), ...(kind === 'emails' ? { month } : {}) });

  /** Uploads the file and asks the server what the load would do (nothing is saved yet). */
  const review = async () => {
    if (!file || !ready) return;
    setError(null);
    setStep({ name: 'uploading', percent: 0 });
    let uploaded: UploadedFile;
    try {
      uploaded = await dataProvider.upload<UploadedFile>(`elementType=${LOAD_ELEMENT_TYPE}`, file, (percent) => setStep({ name: 'uploading', percent }));
    } catch (failure) {
      setError(messageOf(failure, text('loads.errors.upload_failed')));
      setStep({ name: 'form' });
      return;
    }
    setStep({ name: 'reviewing' });
    try {
      const { json } = await dataProvider.request<LoadPreview>(`${load.path}preview`, { method: 'POST', body: loadBody(uploaded.fileID) });
      setBadLines(json.errors.map((line) => line.message));
      setStep({ name: 'preview', fileID: uploaded.fileID, preview: json, starting: false });
    } catch (failure) {
      setError(messageOf(failure, text('loads.errors.load_failed')));
      setStep({ name: 'form' });
    }
  };

  /** 'Cargar' after the review: starts the load's job with the reviewed file. */
  const start = async () => {
    if (step.name !== 'preview' || step.preview.errorCount > 0) return;
    setError(null);
    setStep({ ...step, starting: true });
    try {
      const { json } = await dataProvider.request<LoadStarted>(load.path, { method: 'POST', body: loadBody(step.fileID) });
      setStep({ name: 'running', jobId: json.jobId });
    } catch (failure) {
      setError(messageOf(failure, text('loads.errors.load_failed')));
      setStep({ ...step, starting: false });
    }
  };

  const back = () => {
    setError(null);
    setBadLines([]);
    setStep({ name: 'form' });
  };

  const finished = async (job: JobView) => {
    setStep({ name: 'finished', job });
    if (job.status === 'done') {
      onLoaded?.(job);
      return;
    }
    if (job.counts.failed === 0) return;
    try {
      const { json } = await dataProvider.request<{ results: { message: string | null }[] }>(`/jobs/${job.id}/items`, {
        query: { state: 'failed', pageSize: 100 },
      });
      setBadLines(json.results.map((item) => item.message ?? ''));
    } catch {
      setBadLines([]);
    }
  };

  const close = () => {
    // While the file uploads, closing would lose it (spec 01 §8).
    if (step.name === 'uploading') {
      setError(text('loads.errors.uploading'));
      return;
    }
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={`${fileInputId}-title`}>
      <DialogTitle id={`${fileInputId}-title`}>{text(load.title)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {blocked && <Alert severity="warning">{blocked}</Alert>}
          {step.name === 'form' && (
            <>
              <Box>
                <Button variant="outlined" component="label" disabled={Boolean(blocked)}>
                  {text('loads.dialog.choose_file')}
                  <input
                    hidden
                    type="file"
                    accept=".xls,.xlsx"
                    aria-label={text('loads.dialog.file')}
                    onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                  />
                </Button>
                <Typography component="span" sx={{ ml: 2 }}>
                  {file ? file.name : text('loads.dialog.no_file')}
                </Typography>
              </Box>
              <Link href={load.example} download>
                {text('loads.dialog.example')}
              </Link>
              {needsYear && (
                <TextField
                  select
                  label={text('loads.dialog.year')}
                  value={year}
                  disabled={Boolean(blocked)}
                  onChange={(event) => {
                    const next = Number(event.target.value);
                    setYear(next);
                    if (typeof month === 'number' && !emailMonths(next).includes(month)) setMonth('');
                  }}
                >
                  {years.map((value) => (
                    <MenuItem key={value} value={value}>
                      {value}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {kind === 'emails' && (
                <TextField
                  select
                  label={text('loads.dialog.month')}
                  value={month}
                  disabled={year === '' || Boolean(blocked)}
                  onChange={(event) => setMonth(Number(event.target.value))}
                >
                  {months.map((value) => (
                    <MenuItem key={value} value={value}>
                      {dayjs()
                        .month(value - 1)
                        .format('MMMM')}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </>
          )}
          {step.name === 'uploading' && (
            <Box>
              <Typography id={`${fileInputId}-upload`}>{text('loads.dialog.uploading', { percent: step.percent })}</Typography>
              <LinearProgress variant="determinate" value={step.percent} aria-labelledby={`${fileInputId}-upload`} />
            </Box>
          )}
          {step.name === 'reviewing' && (
            <Box>
              <Typography id={`${fileInputId}-review`}>{text('loads.preview.reviewing')}</Typography>
              <LinearProgress aria-labelledby={`${fileInputId}-review`} />
            </Box>
          )}
          {step.name === 'preview' && (
            <Stack spacing={1} aria-label={text('loads.preview.title')} role="region">
              <Typography>{text('loads.preview.rows', { smart_count: step.preview.rows })}</Typography>
              {step.preview.errorCount > 0 ? (
                <Alert severity="error">{text('loads.preview.errors', { smart_count: step.preview.errorCount })}</Alert>
              ) : step.preview.portals === 0 ? (
                <Alert severity="info">{text('loads.preview.none')}</Alert>
              ) : (
                <Alert severity="warning">{text(load.preview, { smart_count: step.preview.portals, ...period })}</Alert>
              )}
              {step.preview.errors.length < step.preview.errorCount && (
                <Typography variant="body2">{text('loads.preview.more_errors', { shown: step.preview.errors.length, count: step.preview.errorCount })}</Typography>
              )}
            </Stack>
          )}
          {step.name === 'running' && kind === 'emails' && <Alert severity="info">{text('loads.dialog.emails_started')}</Alert>}
          {(step.name === 'running' || step.name === 'finished') && (
            <JobProgress jobId={step.name === 'running' ? step.jobId : step.job.id} pollMs={pollMs} onFinished={finished} />
          )}
          {step.name === 'finished' && step.job.status === 'done' && <Alert severity="success">{text(load.done)}</Alert>}
          {badLines.length > 0 && (
            <Box>
              <Typography variant="subtitle2">{text('loads.dialog.bad_rows')}</Typography>
              <List dense aria-label={text('loads.dialog.bad_rows')}>
                {badLines.map((line) => (
                  <ListItem key={line}>{line}</ListItem>
                ))}
              </List>
            </Box>
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{text('loads.dialog.close')}</Button>
        {step.name === 'form' && (
          <Button variant="contained" onClick={review} disabled={!ready || busy}>
            {text('loads.preview.review')}
          </Button>
        )}
        {step.name === 'preview' && (
          <>
            <Button onClick={back} disabled={step.starting}>
              {text('loads.preview.back')}
            </Button>
            {step.preview.errorCount === 0 && (
              <Button variant="contained" onClick={start} disabled={step.starting}>
                {text('loads.dialog.submit')}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** 'Cargar población' (spec 01 §2). */
export const PopulationLoadDialog = (props: LoadDialogProps) => <LoadDialog kind="population" {...props} />;
/** 'Cargar correos' (spec 01 §2): month and year; refused while another file is processing. */
export const EmailLoadDialog = (props: LoadDialogProps) => <LoadDialog kind="emails" {...props} />;
/** 'Cargar índice de gobierno' (spec 01 §2): year 2018 to the current one. */
export const GovIndexLoadDialog = (props: LoadDialogProps) => <LoadDialog kind="govIndex" {...props} />;
