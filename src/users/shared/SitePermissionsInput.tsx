/**
 * The site permissions of an administrator or a site user (spec 01 §3: each permission with an enabled flag): one
 * checkbox per entry of the catalogue (`GET /sitepermissions/`), the value `[{ sitePermissionID, name, enabled }]`
 * over the whole catalogue (resources/people/rules.ts `permissionsOverCatalogue`).
 */
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { useGetList, useInput, useTranslate } from 'react-admin';
import { permissionsOverCatalogue, type UserSitePermission } from '../../../resources/people/rules';

export function SitePermissionsInput({ source = 'permissions', label }: { source?: string; label: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const { data } = useGetList('sitepermissions', { pagination: { page: 1, perPage: 100 }, sort: { field: 'sitePermissionID', order: 'ASC' } });
  const catalogue = (data ?? []).map((row) => ({ sitePermissionID: Number(row.sitePermissionID ?? row.id), name: String(row.name) }));
  const value = permissionsOverCatalogue(catalogue, (field.value ?? []) as UserSitePermission[]);
  // react-admin's form may hold a validation message as text or as `{ message, args }`.
  const raw = fieldState.error?.message as unknown;
  const error = typeof raw === 'string' ? raw : raw && typeof raw === 'object' && 'message' in raw ? String((raw as { message: unknown }).message) : undefined;
  const toggle = (id: number, enabled: boolean) =>
    field.onChange(value.map((permission) => (permission.sitePermissionID === id ? { ...permission, enabled } : permission)));
  return (
    <FormControl component="fieldset" error={Boolean(error)} sx={{ my: 1 }}>
      <FormLabel component="legend">{translate(label)}</FormLabel>
      <FormGroup row>
        {value.map((permission) => (
          <FormControlLabel
            key={permission.sitePermissionID}
            control={<Checkbox checked={permission.enabled} onChange={(event) => toggle(permission.sitePermissionID, event.target.checked)} />}
            label={permission.name}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{translate(error, { _: error })}</FormHelperText>}
    </FormControl>
  );
}
