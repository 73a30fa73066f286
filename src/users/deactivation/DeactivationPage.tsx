/**
 * /administradores/eliminar (spec 01 §2 'Bulk deactivation of administrators', §5): the four modes over the shared
 * AudienceInput (its segment set by the mode) or the entity search, the exact count of matching active
 * administrators, the confirmation with that number, then POST /siteusers/delete/: the form resets, a notice says
 * the change appears in a few minutes, JobProgress follows the job and 'Deshacer' is offered for 24 hours.
 * Rules: resources/deactivation.ts.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, useDataProvider, useInput, useNotify } from 'ra-core';
import { Button, Title } from 'react-admin';
import { useEffect, useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { PortalesDataProvider } from '../../../dataProvider';
import { AREAS } from '../../../resources/areas';
import {
  DEACTIVATION_MESSAGES,
  DEACTIVATION_MODE,
  DEACTIVATION_MODES,
  deactivationProblem,
  deleteRequestOf,
  emptyDeactivationFilter,
  switchMode,
  type DeactivationCount,
  type DeactivationFilter,
  type DeactivationMode,
} from '../../../resources/deactivation';
import type { JobView } from '../../../resources/jobs';
import { JobProgress } from '../../shared/JobProgress';
import { ConfirmModal } from '../../shared/Modals';
import { AudienceInput } from '../../shared/audience';
import { BackButton } from '../../settings/BackButton';
import { useText } from '../../shared/useText';
import { EntitySearchInput } from './EntitySearchInput';
import { RecentDeactivations } from './RecentDeactivations';
import { UndoButton } from './UndoButton';

/** The audience input validates nothing here: the screen applies spec 01 §5's own rules on 'Consultar'. */
const noAudienceRule = () => undefined;

function ModeInput() {
  const text = useText();
  const labelId = useId();
  const { getValues, setValue } = useFormContext<DeactivationFilter>();
  const { field } = useInput<DeactivationMode>({ source: 'mode', defaultValue: DEACTIVATION_MODE.total });
  const choose = (mode: DeactivationMode) => {
    const next = switchMode(getValues() as DeactivationFilter, mode);
    setValue('audience', next.audience, { shouldDirty: true });
    setValue('site', next.site, { shouldDirty: true });
    field.onChange(mode);
  };
  return (
    <FormControl>
      <FormLabel id={labelId}>{text('deactivation.mode.label')}</FormLabel>
      <RadioGroup row aria-labelledby={labelId} value={String(field.value)} onChange={(event) => choose(Number(event.target.value) as DeactivationMode)}>
        {DEACTIVATION_MODES.map((mode) => (
          <FormControlLabel key={mode} value={String(mode)} control={<Radio />} label={text(`deactivation.mode.${mode}`)} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function FilterInputs() {
  const mode = useFormContext<DeactivationFilter>().watch('mode');
  if (mode === DEACTIVATION_MODE.entity) return <EntitySearchInput source="site" />;
  return <AudienceInput source="audience" showSegment={false} showReach={false} validate={noAudienceRule} />;
}

/**
 * Calls `onEdit` when the user changes the form (a mode, a filter): the message under the form answered the previous
 * choice ('Debes seleccionar una o más entidades' stayed after switching to Grupos, where it no longer applies).
 */
function OnUserEdit({ onEdit }: { onEdit: () => void }) {
  const { watch } = useFormContext();
  useEffect(() => {
    const subscription = watch((_values, { type }) => {
      if (type === 'change') onEdit();
    });
    return () => subscription.unsubscribe();
  }, [watch, onEdit]);
  return null;
}

type Step = { kind: 'idle' } | { kind: 'counting' } | { kind: 'confirm'; filter: DeactivationFilter; count: DeactivationCount } | { kind: 'sending' };

export function DeactivationPage({ title = AREAS['users.delete'].title }: { title?: string }) {
  const text = useText();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [message, setMessage] = useState<{ severity: 'error' | 'info'; text: string } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [sent, setSent] = useState<{ jobId: number; count: number } | null>(null);
  const [finished, setFinished] = useState<JobView | null>(null);
  const [refresh, setRefresh] = useState(0);
  const [clearMessage] = useState(() => () => setMessage(null));

  const check = async (values: Record<string, unknown>) => {
    const filter = values as unknown as DeactivationFilter;
    const problem = deactivationProblem(filter);
    if (problem) {
      setMessage({ severity: 'error', text: text(problem.messageKey) });
      return;
    }
    setMessage(null);
    setStep({ kind: 'counting' });
    try {
      const { json } = await dataProvider.request<DeactivationCount>('/siteusers/delete/count', { query: { ...deleteRequestOf(filter) } });
      if (json.administrators === 0) {
        setMessage({ severity: 'info', text: text(DEACTIVATION_MESSAGES.noMatch) });
        setStep({ kind: 'idle' });
      } else {
        setStep({ kind: 'confirm', filter, count: json });
      }
    } catch (error) {
      setMessage({ severity: 'error', text: (error as Error).message || text('deactivation.count.error') });
      setStep({ kind: 'idle' });
    }
  };

  const send = async (filter: DeactivationFilter) => {
    setStep({ kind: 'sending' });
    try {
      const { json } = await dataProvider.request<{ jobId: number; count: number }>('/siteusers/delete/', { method: 'POST', body: deleteRequestOf(filter) });
      setSent(json);
      setFinished(null);
      setFormKey((key) => key + 1);
      notify('deactivation.sent', { type: 'info' });
      setRefresh((n) => n + 1);
    } catch (error) {
      setMessage({ severity: 'error', text: (error as Error).message || text('deactivation.send_error') });
    }
    setStep({ kind: 'idle' });
  };

  return (
    <Paper sx={{ p: 3 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {text(title)}
        </Typography>
        <BackButton to={AREAS.settings.path} />
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text('deactivation.intro')}
      </Typography>
      <Form key={formKey} defaultValues={emptyDeactivationFilter()} onSubmit={(values: Record<string, unknown>) => void check(values)}>
        <OnUserEdit onEdit={clearMessage} />
        <Stack spacing={2}>
          <ModeInput />
          <FilterInputs />
          {message ? (
            <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
              {message.text}
            </Alert>
          ) : null}
          {step.kind === 'counting' ? <Typography role="status">{text('deactivation.count.loading')}</Typography> : null}
          <Box>
            <Button type="submit" variant="contained" label="deactivation.count.action" disabled={step.kind !== 'idle'} />
          </Box>
        </Stack>
      </Form>
      <ConfirmModal
        open={step.kind === 'confirm'}
        title="deactivation.confirm.title"
        message="deactivation.confirm.message"
        values={{ count: step.kind === 'confirm' ? step.count.administrators : 0 }}
        confirmLabel="deactivation.submit"
        onConfirm={() => step.kind === 'confirm' && void send(step.filter)}
        onCancel={() => setStep({ kind: 'idle' })}
      />
      {sent ? (
        <Stack spacing={1} sx={{ mt: 3 }}>
          <Alert severity="info">{text('deactivation.sent')}</Alert>
          <JobProgress
            key={sent.jobId}
            jobId={sent.jobId}
            onFinished={(job) => {
              setFinished(job);
              setRefresh((n) => n + 1);
            }}
          />
          {finished ? (
            <Box>
              <UndoButton
                jobId={sent.jobId}
                onUndone={() => {
                  setSent(null);
                  setRefresh((n) => n + 1);
                }}
              />
            </Box>
          ) : null}
        </Stack>
      ) : null}
      <RecentDeactivations refresh={refresh} onUndone={() => setRefresh((n) => n + 1)} />
    </Paper>
  );
}
