// Hand-built, not the engine's ResourceFormDialog: the permission checklist locks when editing oneself and the saved notice names the invitation e-mail (spec 01 §5).
/**
 * The add / edit superadmin modal (spec 01 §2 'Modals', §5 'Superadmin'): name, e-mail and the permission checklist
 * from `GET /permissions`. Client checks give the spec's messages; the server's refusals (e-mail used, a permission
 * one does not hold…) show under their field. Editing oneself locks the checklist. A new superadmin receives the
 * invitation link by e-mail (never a password here); the notice after saving says so.
 */
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { permissionDescriptionKey, permissionLabelKey, type Permission } from '../../../resources/permissions';
import type { SuperadminRecord } from '../../../resources/superadmins';
import { initialValues, isSelf, superadminBody, togglePermission, validateSuperadmin, type FieldErrors } from './superadminForm';

interface ServerError {
  message?: string;
  body?: { errors?: Record<string, string> };
}

export interface SuperadminDialogProps {
  open: boolean;
  /** The superadmin edited; absent: a new one. */
  record?: SuperadminRecord | null;
  /** The signed-in superadmin's id (self rules). */
  selfId?: unknown;
  onClose(): void;
  onSaved(): void;
}

export function SuperadminDialog({ open, record, selfId, onClose, onSaved }: SuperadminDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [values, setValues] = useState(() => initialValues(record));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const catalogue = useGetList<Permission & { id: number }>('permissions', { pagination: { page: 1, perPage: 100 }, sort: { field: 'permissionID', order: 'ASC' } });
  const permissions = catalogue.data ?? [];
  const own = isSelf(record, selfId);
  const message = (key?: string) => (key ? translate(key, { _: key }) : undefined);

  const save = async () => {
    const found = await validateSuperadmin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const data = superadminBody(values, permissions);
      if (record) {
        await dataProvider.update('superadmins', { id: record.id, data: { ...data, deleted: record.deleted }, previousData: record });
        notify('resources.superadmins.updated', { type: 'success' });
      } else {
        await dataProvider.create('superadmins', { data });
        notify('resources.superadmins.created', { type: 'success', messageArgs: { email: data.email } });
      }
      onSaved();
    } catch (caught) {
      const error = caught as ServerError;
      const fieldErrors = error?.body?.errors ?? {};
      setErrors(fieldErrors as FieldErrors);
      notify(error?.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="superadmin-dialog-title">
      <DialogTitle id="superadmin-dialog-title">
        {translate(record ? 'users.superadmins.dialog.edit_title' : 'users.superadmins.dialog.create_title')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={translate('resources.superadmins.fields.name')}
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.target.value })}
            error={Boolean(errors.name)}
            helperText={message(errors.name)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            required
          />
          <TextField
            label={translate('resources.superadmins.fields.email')}
            type="email"
            value={values.email}
            onChange={(event) => setValues({ ...values, email: event.target.value })}
            error={Boolean(errors.email)}
            helperText={message(errors.email)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            required
          />
          <FormControl error={Boolean(errors.permissions)} component="fieldset" disabled={own}>
            <FormLabel component="legend">{translate('users.superadmins.dialog.permissions')}</FormLabel>
            {catalogue.isPending ? <CircularProgress size={20} /> : null}
            {catalogue.error ? <Alert severity="error">{translate('users.superadmins.dialog.permissions_error')}</Alert> : null}
            <FormGroup row>
              {permissions.map((permission) => {
                const label = translate(permissionLabelKey(permission.name), { _: permission.name });
                const describedBy = `permission-${permission.permissionID}-description`;
                return (
                <FormControlLabel
                  key={permission.permissionID}
                  sx={{ alignItems: 'flex-start', width: { sm: '50%' }, mr: 0, my: 0.5 }}
                  label={
                    <>
                      <Typography variant="body1">{label}</Typography>
                      <Typography id={describedBy} variant="body2" color="text.secondary">
                        {translate(permissionDescriptionKey(permission.name), { _: '' })}
                      </Typography>
                    </>
                  }
                  control={
                    <Checkbox
                      sx={{ pt: 0.25 }}
                      // Named by the permission's Spanish name alone; what it allows is its description.
                      slotProps={{ input: { 'aria-label': label, 'aria-describedby': describedBy } }}
                      checked={values.permissionIds.includes(permission.permissionID)}
                      onChange={() => setValues(togglePermission(values, permission.permissionID))}
                    />
                  }
                />
                );
              })}
            </FormGroup>
            {own ? <FormHelperText>{translate('users.superadmins.dialog.own_permissions')}</FormHelperText> : null}
            {errors.permissions ? <FormHelperText>{message(errors.permissions)}</FormHelperText> : null}
          </FormControl>
          {errors.deleted ? <Alert severity="error">{message(errors.deleted)}</Alert> : null}
          {record ? null : <Alert severity="info">{translate('users.superadmins.dialog.invitation')}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('users.superadmins.dialog.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {translate('users.superadmins.dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
