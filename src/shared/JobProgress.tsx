/**
 * Follows a background job (GET /jobs/{id}, server/jobs): polls every second until it reaches a final state,
 * shows its state, a progress bar with percent, item counts and error, and offers 'Cancelar' with confirmation.
 * `<JobProgress jobId={id} onFinished={(job) => …} />` anywhere inside react-admin's context.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDataProvider } from 'ra-core';
import { useEffect, useId, useRef, useState } from 'react';
import type { PortalesDataProvider } from '../../dataProvider';
import { isFinalJobStatus, JOB_ITEM_STATES, type JobView } from '../../resources/jobs';
import { ConfirmModal } from './Modals';
import { useText } from './useText';

export interface JobProgressProps {
  jobId: number | string;
  /** Wait between two looks at the job (ms). */
  pollMs?: number;
  /** Called once when the job reaches done, failed or cancelled. */
  onFinished?: (job: JobView) => void;
}

export function JobProgress({ jobId, pollMs = 1000, onFinished }: JobProgressProps) {
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const text = useText();
  const labelId = useId();
  const [job, setJob] = useState<JobView | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [cancelFailed, setCancelFailed] = useState(false);
  const onFinishedRef = useRef(onFinished);
  onFinishedRef.current = onFinished;
  /** Bumped after a cancellation so polling restarts at once. */
  const [refresh, setRefresh] = useState(0);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const look = async () => {
      try {
        const { json } = await dataProvider.request<JobView>(`/jobs/${jobId}`, { signal: controller.signal });
        if (stopped) return;
        setJob(json);
        setLoadFailed(false);
        if (isFinalJobStatus(json.status)) {
          onFinishedRef.current?.(json);
          return;
        }
      } catch {
        if (stopped) return;
        setLoadFailed(true);
      }
      timer = setTimeout(look, pollMs);
    };
    void look();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [dataProvider, jobId, pollMs, refresh]);

  const cancel = async () => {
    setConfirming(false);
    try {
      const { json } = await dataProvider.request<JobView>(`/jobs/${jobId}/cancel`, { method: 'POST' });
      setCancelFailed(false);
      setJob(json);
      if (isFinalJobStatus(json.status)) onFinishedRef.current?.(json);
      else setRefresh((value) => value + 1);
    } catch {
      setCancelFailed(true);
    }
  };

  if (!job) {
    return loadFailed ? <Alert severity="error">{text('jobs.load_error')}</Alert> : <LinearProgress aria-label={text('jobs.progress.label')} />;
  }
  const final = isFinalJobStatus(job.status);
  const { done, total, percent } = job.progress;
  const unknownTotal = job.status === 'running' && !total && done === 0;
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="baseline">
        <Typography id={labelId} variant="subtitle2">
          {text(`jobs.status.${job.status}`)}
        </Typography>
        <Typography variant="body2">{text('jobs.progress.percent', { percent })}</Typography>
      </Stack>
      <LinearProgress
        variant={unknownTotal ? 'indeterminate' : 'determinate'}
        value={percent}
        color={job.status === 'failed' ? 'error' : job.status === 'done' ? 'success' : 'primary'}
        aria-label={text('jobs.progress.label')}
      />
      {total ? (
        <Typography variant="body2">
          {text('jobs.progress.count', { done, total })}
          {' · '}
          {JOB_ITEM_STATES.filter((state) => job.counts[state] > 0)
            .map((state) => text('jobs.progress.state_count', { state: text(`jobs.item_states.${state}`), count: job.counts[state] }))
            .join(' · ')}
        </Typography>
      ) : null}
      {job.error ? <Alert severity={job.status === 'failed' ? 'error' : 'warning'}>{job.error}</Alert> : null}
      {loadFailed ? <Alert severity="warning">{text('jobs.load_error')}</Alert> : null}
      {cancelFailed ? <Alert severity="error">{text('jobs.cancel_error')}</Alert> : null}
      {!final && job.cancelRequested ? <Typography variant="body2">{text('jobs.cancel_requested')}</Typography> : null}
      {!final ? (
        <Box>
          <Button variant="outlined" color="error" disabled={job.cancelRequested} onClick={() => setConfirming(true)}>
            {text('jobs.cancel')}
          </Button>
        </Box>
      ) : null}
      <ConfirmModal open={confirming} message="jobs.cancel_confirm" onConfirm={() => void cancel()} onCancel={() => setConfirming(false)} />
    </Box>
  );
}
