/**
 * The site form (spec 01 'Site detail': a modal with a map; §5 'Site form'; §8 save failures): creates a site with
 * POST /sites/ or edits one with PUT /sites/{id} (loaded with GET /sites/{id}). The rules are resources/siteForm.ts,
 * the same the server may apply. Changing an existing site's entity type asks for confirmation first (§4); a refusal
 * naming Alias or AllowedUrl marks that field duplicated (§8). Loaded on demand (./index.ts) with its map.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Box, CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';
import {
  Button,
  Form,
  SaveButton,
  Toolbar,
  useDataProvider,
  useGetOne,
  useNotify,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { PortalesDataProvider } from '../../../dataProvider';
import type { HttpErrorBody } from '../../../dataProvider/errors';
import {
  siteFieldErrors,
  siteFormDefaults,
  siteFormSchema,
  sitePayload,
  siteSaveFailureKey,
  siteTypeChanged,
  type SiteFormRecord,
  type SiteFormValues,
} from '../../../resources/siteForm';
import { ConfirmModal } from '../../shared/Modals';
import { yupValidate, type FormErrors } from '../../engine/yupValidate';
import { SiteFormFields } from './SiteFormFields';

export interface SiteFormDialogProps {
  open: boolean;
  /** The site to edit; absent: a new site. */
  siteId?: number;
  onClose: () => void;
  /** After a successful save, with the saved site. */
  onSaved?: (site: RaRecord) => void;
}

interface SaveFailure {
  status?: number;
  message?: string;
  body?: HttpErrorBody;
}

function SiteForm({ record, onClose, onSaved }: { record?: SiteFormRecord & RaRecord; onClose: () => void; onSaved?: (site: RaRecord) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  // URLs found in use (live check or a refused save): read by the validation, so the form cannot be sent with one.
  const takenUrls = useRef(new Set<string>());
  const onUrlTaken = useCallback((url: string) => takenUrls.current.add(url.trim().toLowerCase()), []);
  const [confirmTypeChange, setConfirmTypeChange] = useState<((go: boolean) => void) | null>(null);
  const defaults = useMemo(() => siteFormDefaults(record), [record]);

  const schemaValidate = useMemo(() => yupValidate(siteFormSchema, translate), [translate]);
  const validate = useCallback(
    async (values: Record<string, unknown>): Promise<FormErrors> => {
      const errors = await schemaValidate(values);
      const url = String(values.allowedUrl ?? '').trim().toLowerCase();
      if (!errors.allowedUrl && takenUrls.current.has(url)) errors.allowedUrl = translate('validation.site.url_in_use');
      return errors;
    },
    [schemaValidate, translate],
  );

  const submit = async (values: Record<string, unknown>): Promise<Record<string, string> | undefined> => {
    if (siteTypeChanged(record, values.siteTypeId)) {
      const go = await new Promise<boolean>((resolve) => setConfirmTypeChange(() => resolve));
      setConfirmTypeChange(null);
      if (!go) return undefined;
    }
    const body = sitePayload(siteFormSchema.cast(values) as SiteFormValues, record);
    try {
      const { data } = record?.id
        ? await dataProvider.update('sites', { id: record.id, data: body, previousData: record })
        : await dataProvider.create('sites', { data: body });
      notify(record?.id ? 'sites.form.updated' : 'sites.form.created', { type: 'success' });
      refresh();
      onSaved?.(data);
      onClose();
      return undefined;
    } catch (caught) {
      const failure = caught as SaveFailure;
      const fieldErrors = siteFieldErrors(failure.body?.code, failure.body?.details ?? []);
      if (fieldErrors.allowedUrl && typeof values.allowedUrl === 'string') onUrlTaken(values.allowedUrl);
      // 4xx: the catalogue's message (the first detail's); otherwise the spec's create/update failure text.
      const clientError = failure.status !== undefined && failure.status >= 400 && failure.status < 500;
      notify(clientError && failure.message ? failure.message : siteSaveFailureKey(!record?.id, failure.body?.code), { type: 'error' });
      return Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined;
    }
  };

  return (
    <>
      <Form record={defaults} validate={validate} onSubmit={submit} id="site-form">
        <DialogContent sx={{ pt: 1 }}>
          <SiteFormFields record={record} onUrlTaken={onUrlTaken} />
        </DialogContent>
        <Toolbar sx={{ justifyContent: 'flex-end', gap: 1, bgcolor: 'transparent' }}>
          <Button label="sites.form.cancel" onClick={onClose} />
          <SaveButton label="sites.form.save" alwaysEnable />
        </Toolbar>
      </Form>
      <ConfirmModal
        open={confirmTypeChange !== null}
        message="sites.form.site_type_change"
        title="pages.modals.confirmation"
        onConfirm={() => confirmTypeChange?.(true)}
        onCancel={() => confirmTypeChange?.(false)}
      />
    </>
  );
}

/** Edit: the stored site first (GET /sites/{id}); its load failure is notified by react-admin. */
function EditSiteForm({ siteId, onClose, onSaved }: { siteId: number; onClose: () => void; onSaved?: (site: RaRecord) => void }) {
  const translate = useTranslate();
  const { data, isPending } = useGetOne<SiteFormRecord & RaRecord>('sites', { id: siteId }, { onError: onClose });
  if (isPending || !data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={translate('sites.form.loading')} />
      </Box>
    );
  }
  return <SiteForm record={data} onClose={onClose} onSaved={onSaved} />;
}

export function SiteFormDialog({ open, siteId, onClose, onSaved }: SiteFormDialogProps) {
  const translate = useTranslate();
  const titleId = 'site-form-title';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(siteId ? 'sites.form.edit_title' : 'sites.form.create_title')}</DialogTitle>
      {open ? (
        siteId ? (
          <EditSiteForm siteId={siteId} onClose={onClose} onSaved={onSaved} />
        ) : (
          <SiteForm onClose={onClose} onSaved={onSaved} />
        )
      ) : null}
    </Dialog>
  );
}

export default SiteFormDialog;
