/**
 * Buttons of the site list. Loading actions arrive in later issues and show disabled; 'Gestionar
 * grupos' opens /portales/grupos; 'Descarga' and 'Descargar solicitudes' download the list's current
 * search (GET /sitesexport, /sitesrequestexport). Sites holders see all; Reports holders the exports.
 */
import { Button, Stack } from '@mui/material';
import { useNavigate, useTranslate } from 'react-admin';
import type { QueryValue } from '../../dataProvider/httpClient';
import { SITE_EXPORTERS } from '../../resources/areas';
import { hasAnyPermission } from '../../resources/permissions';
import { sitesResource } from '../../resources/sites';
import { ExportButton } from '../shared/ExportButton';

const SITES_ACTIONS = ['create', 'upload_sites', 'upload_population', 'upload_emails', 'upload_gov_index'] as const;
const EXPORTS = [
  { action: 'export', path: '/sitesexport', fallbackName: 'portales' },
  { action: 'export_requests', path: '/sitesrequestexport', fallbackName: 'solicitudes-portales' },
] as const;

export function SiteListActions({ held, filter = {} }: { held: readonly string[]; filter?: Record<string, QueryValue> }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const canManage = hasAnyPermission(held, sitesResource.permissions.write);
  const canExport = hasAnyPermission(held, SITE_EXPORTERS);
  if (!canManage && !canExport) return null;
  const pending = translate('sites.actions.under_construction');
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" role="toolbar" aria-label={translate('sites.actions.label')}>
      {canManage
        ? SITES_ACTIONS.map((action) => (
            <span key={action} title={pending}>
              <Button variant={action === 'create' ? 'contained' : 'outlined'} size="small" disabled>
                {translate(`sites.actions.${action}`)}
              </Button>
            </span>
          ))
        : null}
      {canManage ? (
        <Button variant="outlined" size="small" onClick={() => navigate('/portales/grupos')}>
          {translate('sites.actions.manage_groups')}
        </Button>
      ) : null}
      {canExport
        ? EXPORTS.map(({ action, path, fallbackName }) => (
            <ExportButton key={action} path={path} query={filter} labelKey={`sites.actions.${action}`} fallbackName={fallbackName} />
          ))
        : null}
    </Stack>
  );
}
