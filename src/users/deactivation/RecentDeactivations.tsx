/**
 * The deactivations of the last 24 hours (GET /siteusers/delete/) with 'Deshacer' while it is offered, so the undo
 * stays reachable after leaving the page. `refresh` changes reload the list.
 */
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useDataProvider } from 'ra-core';
import { useEffect, useState } from 'react';
import type { PortalesDataProvider } from '../../../dataProvider';
import { formatDateTime } from '../../../resources/dates';
import type { DeactivationRun } from '../../../resources/deactivation';
import { useText } from '../../shared/useText';
import { UndoButton } from './UndoButton';

export function RecentDeactivations({ refresh, onUndone }: { refresh: number; onUndone: () => void }) {
  const text = useText();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const [runs, setRuns] = useState<DeactivationRun[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    dataProvider
      .request<{ results: DeactivationRun[] }>('/siteusers/delete/', { signal: controller.signal })
      .then(({ json }) => {
        if (controller.signal.aborted) return;
        setRuns(json.results ?? []);
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [dataProvider, refresh]);

  return (
    <section aria-labelledby="recent-deactivations">
      <Typography id="recent-deactivations" variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {text('deactivation.recent.title')}
      </Typography>
      {failed ? <Alert severity="error">{text('deactivation.recent.load_error')}</Alert> : null}
      {runs && runs.length === 0 ? <Typography color="text.secondary">{text('deactivation.recent.empty')}</Typography> : null}
      {runs && runs.length > 0 ? (
        <List dense>
          {runs.map((run) => (
            <ListItem
              key={run.jobId}
              divider
              secondaryAction={run.canUndo ? <UndoButton jobId={run.jobId} onUndone={onUndone} /> : undefined}
            >
              <ListItemText
                primary={text('deactivation.recent.line', {
                  date: formatDateTime(run.createdAt),
                  email: run.createdByEmail ?? '—',
                  deactivated: run.deactivated,
                  matched: run.matched,
                })}
                secondary={
                  run.undoneAt
                    ? text('deactivation.recent.undone', { restored: run.restored ?? 0 })
                    : `${text(`jobs.status.${run.status}`)}${run.canUndo && run.undoUntil ? ` · ${text('deactivation.undo.until', { date: formatDateTime(run.undoUntil) })}` : ''}`
                }
              />
            </ListItem>
          ))}
        </List>
      ) : null}
    </section>
  );
}
