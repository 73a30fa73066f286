/**
 * /contenidos (spec 02 §2 'Pop-ups and news'): what the generated screen does not give — cards instead of a table, the
 * All / Active / Inactive tabs, drag to re-sort (`POST /contents/{id}/sort/{targetId}`), the status labels, the preview,
 * the schedule modal, activation through `GET /contents/validate/{id}/true`, and the link reader after 1 s of typing.
 * Everything else is the engine's: the list (search after 200 ms, 10 a page by displayOrder), the create and edit
 * dialogs with the declaration's inputs and yup rules, the audience input with its reach line, the disable action.
 */
import { Box, Card, CardActions, CardContent, CardMedia, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button, List, ResourceContextProvider, RichTextField, useDataProvider, useListContext, useNotify, usePermissions, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { PortalesDataProvider } from '../../dataProvider';
import { normaliseAudience, type Audience } from '../../resources/audience';
import { CONTENT_LIMITS, contentBlockResource, contentSchedule, contentsResource, contentTogglable, sliderConfigsResource, type ContentRecord } from '../../resources/contents';
import { URL_PATTERN } from '../../resources/fieldKinds';
import { ContinueConfirm } from '../engine/ContinueConfirm';
import { permittedActions } from '../engine/declarationFields';
import { EngineStateProvider, useEngineState } from '../engine/engineState';
import { ResourceHeader } from '../engine/GeneratedResourcePage';
import { ResourceActionButton } from '../engine/ResourceActions';
import { resourceFilters } from '../engine/ResourceFilters';
import { ResourceCreate, ResourceEdit } from '../engine/ResourceFormDialog';
import { ResourceCollectionForm } from '../engine/ResourceCollectionForm';
import { ResourceInputs } from '../engine/ResourceInputs';
import { ResourceSingleton } from '../engine/ResourceSingleton';
import { EnginePagination, ResourceListToolbar } from '../engine/ResourceList';
import { AudienceReachLine } from '../shared/audience';

const declaration = contentsResource;
type Content = ContentRecord & RaRecord;

/** The card's label: 'Vencido', 'Programado', else active or inactive. */
export function statusKey(record: Pick<ContentRecord, 'showFromDate' | 'showToDate' | 'published'>, now = new Date()): string {
  const schedule = contentSchedule(record, now);
  if (schedule) return `contents.status.${schedule}`;
  return record.published ? 'contents.status.active' : 'contents.status.inactive';
}

function PublishedTabs() {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const value = filterValues.published === true || filterValues.published === 'true' ? 'true' : filterValues.published === false || filterValues.published === 'false' ? 'false' : 'all';
  const choose = (_: unknown, next: string) => {
    const { published: _dropped, ...rest } = filterValues as Record<string, unknown>;
    setFilters(next === 'all' ? rest : { ...rest, published: next === 'true' }, displayedFilters);
  };
  return (
    <Tabs value={value} onChange={choose} aria-label={translate('contents.title')} sx={{ mb: 2 }}>
      <Tab value="all" label={translate('contents.filter.all')} />
      <Tab value="true" label={translate('contents.filter.active')} />
      <Tab value="false" label={translate('contents.filter.inactive')} />
    </Tabs>
  );
}

function PreviewDialog({ record, onClose }: { record: Content; onClose: () => void }) {
  const translate = useTranslate();
  const image = typeof record.image === 'object' && record.image ? record.image.filePath : null;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="content-preview-title">
      <DialogTitle id="content-preview-title">{translate('contents.preview')}</DialogTitle>
      <DialogContent>
        {image && <Box component="img" src={image} alt="" sx={{ width: '100%', maxHeight: 240, objectFit: 'cover', mb: 2 }} />}
        <Typography variant="h6" component="p">
          {record.name}
        </Typography>
        <RichTextField record={record} source="body" />
        {record.externalLink && (
          <Button component="a" href={record.externalLink} target="_blank" rel="noopener noreferrer" label={record.nameButtonUrl || record.externalLink} />
        )}
      </DialogContent>
      <DialogActions>
        <Button label="engine.cancel" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}

/** `YYYY-MM-DDTHH:mm` in the browser's time, for a datetime-local input. */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

export function ScheduleDialog({ record, onClose }: { record: Content; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [useFrom, setUseFrom] = useState(record.showFromDate !== null);
  const [useTo, setUseTo] = useState(record.showToDate !== null);
  const [from, setFrom] = useState(localInput(record.showFromDate));
  const [to, setTo] = useState(localInput(record.showToDate));
  const [saving, setSaving] = useState(false);
  const errors = {
    from: useFrom && !from ? 'contents.validation.date_required' : null,
    to: useTo && !to ? 'contents.validation.date_required' : useFrom && useTo && from && to && new Date(from) >= new Date(to) ? 'contents.validation.dates' : null,
  };
  const save = async () => {
    if (errors.from || errors.to) return;
    setSaving(true);
    try {
      const data = { ...record, showFromDate: useFrom ? new Date(from).toISOString() : null, showToDate: useTo ? new Date(to).toISOString() : null };
      await dataProvider.update(declaration.name, { id: record.id, data, previousData: record });
      notify('contents.updated', { type: 'success' });
      refresh();
      onClose();
    } catch (caught) {
      notify((caught as { message?: string })?.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="content-schedule-title">
      <DialogTitle id="content-schedule-title">{translate('contents.schedule_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControlLabel control={<Checkbox checked={useFrom} onChange={(event) => setUseFrom(event.target.checked)} />} label={translate('contents.schedule_from')} />
          {useFrom && (
            <TextField
              type="datetime-local"
              label={translate('resources.contents.fields.showFromDate')}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              error={errors.from !== null}
              helperText={errors.from ? translate(errors.from) : ' '}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
          <FormControlLabel control={<Checkbox checked={useTo} onChange={(event) => setUseTo(event.target.checked)} />} label={translate('contents.schedule_to')} />
          {useTo && (
            <TextField
              type="datetime-local"
              label={translate('resources.contents.fields.showToDate')}
              value={to}
              onChange={(event) => setTo(event.target.value)}
              error={errors.to !== null}
              helperText={errors.to ? translate(errors.to) : ' '}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="engine.cancel" onClick={onClose} />
        <Button label="engine.save" variant="contained" disabled={saving} onClick={() => void save()} />
      </DialogActions>
    </Dialog>
  );
}

interface Validation {
  valid: boolean;
  requiresConfirmation: boolean;
  message: string | null;
}

/** Activate: the server's check first (`GET /contents/validate/{id}/true`), its confirmation when it asks one. */
function ActivateButton({ record }: { record: Content }) {
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [question, setQuestion] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const enable = async () => {
    setRunning(true);
    try {
      await dataProvider.runAction(declaration.name, { action: 'enable', id: record.id });
      notify('contents.updated', { type: 'success' });
      refresh();
    } catch (caught) {
      notify((caught as { message?: string })?.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setRunning(false);
      setQuestion(null);
    }
  };
  const start = async () => {
    try {
      const { json } = await dataProvider.request<Validation>(`/contents/validate/${record.id}/true`);
      if (!json.valid) notify(json.message ?? 'ra.notification.http_error', { type: 'error' });
      else if (json.requiresConfirmation) setQuestion(json.message ?? 'contents.activate');
      else await enable();
    } catch (caught) {
      notify((caught as { message?: string })?.message || 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <>
      <Button label="contents.activate" disabled={running} onClick={() => void start()} />
      <ContinueConfirm isOpen={question !== null} loading={running} title="engine.confirm.title" content={question ?? ''} onConfirm={enable} onClose={() => setQuestion(null)} />
    </>
  );
}

function ContentCard({ record, onDropOn }: { record: Content; onDropOn: (dragged: number, target: number) => void }) {
  const translate = useTranslate();
  const { startEdit } = useEngineState();
  const { permissions } = usePermissions();
  const [dialog, setDialog] = useState<'preview' | 'schedule' | null>(null);
  const [over, setOver] = useState(false);
  const disable = permittedActions(declaration, 'record', (permissions as string[] | undefined) ?? []).find((action) => action.name === 'disable');
  const togglable = contentTogglable(record);
  const image = typeof record.image === 'object' && record.image ? (record.image as { thumbnail?: string; filePath: string }) : null;
  const audience = useMemo(() => normaliseAudience(record.audience as Audience), [record.audience]);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dragged = Number(event.dataTransfer.getData('text/plain'));
    if (dragged && dragged !== record.id) onDropOn(dragged, Number(record.id));
  };
  return (
    <Card
      data-testid={`content-card-${record.id}`}
      draggable
      aria-label={translate('contents.drag', { name: record.name })}
      onDragStart={(event) => event.dataTransfer.setData('text/plain', String(record.id))}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', cursor: 'grab', outline: over ? '2px dashed' : 'none', outlineColor: 'primary.main' }}
    >
      {image && <CardMedia component="img" height="120" image={image.thumbnail ?? image.filePath} alt="" />}
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <Chip size="small" label={translate(statusKey(record))} color={record.published && togglable ? 'success' : 'default'} />
          <Chip size="small" variant="outlined" label={translate(`resources.contents.choices.showMode.${record.showMode}`)} />
        </Stack>
        <Typography variant="subtitle1" component="h2">
          {record.name}
        </Typography>
        <AudienceReachLine audience={audience} delayMs={0} />
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap' }}>
        <Button label="contents.preview" onClick={() => setDialog('preview')} />
        <Button label="contents.schedule" onClick={() => setDialog('schedule')} />
        <Button label="contents.edit" onClick={() => startEdit(record)} />
        {togglable && !record.published && <ActivateButton record={record} />}
        {togglable && record.published && disable && <ResourceActionButton declaration={declaration} action={disable} record={record} />}
      </CardActions>
      {dialog === 'preview' && <PreviewDialog record={record} onClose={() => setDialog(null)} />}
      {dialog === 'schedule' && <ScheduleDialog record={record} onClose={() => setDialog(null)} />}
    </Card>
  );
}

function ContentCards() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<Content>();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  // The order shown while the sort call runs (the columns reorder at once, then the list is read again).
  const [order, setOrder] = useState<number[] | null>(null);
  useEffect(() => setOrder(null), [data]);
  const records = useMemo(() => {
    const list = data ?? [];
    if (!order) return list;
    return order.map((id) => list.find((record) => Number(record.id) === id)).filter((record): record is Content => record !== undefined);
  }, [data, order]);
  const move = async (dragged: number, target: number) => {
    const ids = records.map((record) => Number(record.id));
    const from = ids.indexOf(dragged);
    const to = ids.indexOf(target);
    if (from < 0 || to < 0) return;
    ids.splice(to, 0, ids.splice(from, 1)[0]!);
    try {
      await dataProvider.runAction(declaration.name, { action: 'sort', id: dragged, params: { targetId: target } });
      setOrder(ids);
      refresh();
    } catch (caught) {
      notify((caught as { message?: string })?.message || 'ra.notification.http_error', { type: 'error' });
    }
  };
  if (!isPending && records.length === 0) return <Typography sx={{ p: 2 }}>{translate('contents.empty')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 2, p: 1 }}>
      {records.map((record) => (
        <ContentCard key={record.id} record={record} onDropOn={(dragged, target) => void move(dragged, target)} />
      ))}
    </Box>
  );
}

/** After 1 s without typing, a valid external link is read (`POST /crawler`): name, body and image are filled. */
export function LinkCrawler() {
  const translate = useTranslate();
  const link = useWatch({ name: 'externalLink' }) as string | null | undefined;
  const { setValue, getValues } = useFormContext();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const first = useRef(link);
  useEffect(() => {
    const url = (link ?? '').trim();
    // The link the form opened with is not read again; only a change of it.
    if (url === (first.current ?? '').trim() || !URL_PATTERN.test(url) || url.length > CONTENT_LIMITS.linkMax) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState('loading');
      dataProvider
        .request<{ name: string | null; body: string | null; image: unknown }>('/crawler', { method: 'POST', body: { url }, signal: controller.signal })
        .then(({ json }) => {
          if (controller.signal.aborted) return;
          if (json.name) setValue('name', json.name, { shouldDirty: true, shouldValidate: true });
          if (json.body) setValue('body', `<p>${json.body.replace(/[<>&]/g, ' ')}</p>`, { shouldDirty: true, shouldValidate: true });
          if (json.image && !getValues('image')) setValue('image', json.image, { shouldDirty: true });
          setState('idle');
        })
        .catch(() => {
          if (!controller.signal.aborted) setState('failed');
        });
    }, CONTENT_LIMITS.crawlDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [link, dataProvider, setValue, getValues]);
  if (state === 'idle') return null;
  return (
    <Typography role="status" variant="body2" color={state === 'failed' ? 'error' : 'text.secondary'}>
      {translate(state === 'failed' ? 'contents.crawl.failed' : 'contents.crawl.loading')}
    </Typography>
  );
}

interface PagePreview {
  url: string;
  title: string | null;
  description: string | null;
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

/**
 * Under the external link: a live preview of the page (`GET /pagepreviews/?url=`, same limits as the crawler) after
 * 1 s without typing — its title, description and address; a clear line when it cannot be read. Its image is not
 * shown: the page's image address is another origin (the crawler stores it as the content's image instead).
 */
export function LinkPreview() {
  const translate = useTranslate();
  const link = useWatch({ name: 'externalLink' }) as string | null | undefined;
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const [state, setState] = useState<{ status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; preview: PagePreview }>({ status: 'idle' });
  useEffect(() => {
    const url = (link ?? '').trim();
    if (!URL_PATTERN.test(url) || url.length > CONTENT_LIMITS.linkMax) {
      setState({ status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'loading' });
      dataProvider
        .request<PagePreview>(`/pagepreviews/?url=${encodeURIComponent(url)}`, { signal: controller.signal })
        .then(({ json }) => {
          if (!controller.signal.aborted) setState(json.title || json.description ? { status: 'ready', preview: json } : { status: 'failed' });
        })
        .catch(() => {
          if (!controller.signal.aborted) setState({ status: 'failed' });
        });
    }, CONTENT_LIMITS.crawlDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [link, dataProvider]);
  if (state.status === 'idle') return null;
  return (
    <Box role="region" aria-label={translate('contents.link_preview.title')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mb: 2, width: '100%' }}>
      {state.status === 'ready' ? (
        <>
          <Typography variant="subtitle2" component="p">
            {state.preview.title ?? hostOf(state.preview.url)}
          </Typography>
          {state.preview.description && (
            <Typography variant="body2" color="text.secondary">
              {state.preview.description}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {hostOf(state.preview.url)}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color={state.status === 'failed' ? 'error' : 'text.secondary'}>
          {translate(state.status === 'failed' ? 'contents.link_preview.failed' : 'contents.link_preview.loading')}
        </Typography>
      )}
    </Box>
  );
}

function ContentInputs() {
  return (
    <>
      <ResourceInputs declaration={declaration} after={{ externalLink: <LinkPreview /> }} />
      <LinkCrawler />
    </>
  );
}

/** The global content block (spec 02 §2): its title and color (a singleton) and its sliders (the whole list), from the engine. */
function ContentBlockSettings() {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('contents.block.title')}
        </Typography>
        <ResourceContextProvider value={contentBlockResource.name}>
          <ResourceSingleton declaration={contentBlockResource} />
        </ResourceContextProvider>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          {translate('contents.block.sliders')}
        </Typography>
        <ResourceContextProvider value={sliderConfigsResource.name}>
          <ResourceCollectionForm declaration={sliderConfigsResource} savedMessage="contents.block.saved" />
        </ResourceContextProvider>
      </CardContent>
    </Card>
  );
}

export function ContentsPage() {
  const filters = resourceFilters(declaration).filter((input) => (input.props as { source?: string }).source !== 'published');
  return (
    <ResourceContextProvider value={declaration.name}>
      <EngineStateProvider declaration={declaration}>
        <ResourceHeader declaration={declaration} />
        <List
          resource={declaration.name}
          sort={declaration.sort}
          perPage={declaration.pageSize}
          debounce={CONTENT_LIMITS.searchDelayMs}
          title={declaration.title}
          filters={filters}
          actions={<ResourceListToolbar declaration={declaration} />}
          pagination={<EnginePagination />}
          empty={false}
          exporter={false}
        >
          <PublishedTabs />
          <ContentCards />
        </List>
        <ResourceCreate>
          <ContentInputs />
        </ResourceCreate>
        <ResourceEdit title="contents.edit">
          <ContentInputs />
        </ResourceEdit>
      </EngineStateProvider>
      <ContentBlockSettings />
    </ResourceContextProvider>
  );
}

export default ContentsPage;
