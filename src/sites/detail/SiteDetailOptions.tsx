/**
 * The detail's options menu (spec 01 §2 actions, §4 states): Editar (the site form, passed in by the page's caller),
 * Eliminar (warning that all the site's data goes, with a backup recommendation; `DELETE /sites/{id}`), Inactivar /
 * Activar after a confirmation (`POST /sites/{id}/disable|enable`), 'Solicitar copia de seguridad' after a confirmation
 * — the replace question when the site holds a ready backup, read from the summary's own query (src/sites/backups:
 * `POST /backuprequests`, with the modal leading to the site that holds a pending one) — and 'Administrar'.
 */
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Button as MuiButton, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useDataProvider, useGetList, useNotify, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { ContinueConfirm } from '../../engine/ContinueConfirm';
import type { PortalesDataProvider } from '../../../dataProvider';
import type { BackupRecord } from '../../../resources/backups';
import { holdsReadyBackup, siteBackupsQuery } from '../backups/backupRules';
import { BACKUPS_RESOURCE, useRequestBackup } from '../backups/useRequestBackup';
import { detailOptionsFor, type DetailOption, type DetailSite } from './siteDetailRules';

export interface SiteDetailOptionsProps {
  site: DetailSite;
  held: readonly string[];
  /** Opens the site form on this site (the form's screen); without it Editar is not offered. */
  onEdit?: () => void;
  onImpersonate: () => void;
}

type Confirmable = 'delete' | 'disable' | 'enable' | 'backup';
const CONFIRM_TEXT: Record<Confirmable, string> = {
  backup: 'backups.request.confirm',
  delete: 'siteDetail.options.confirm_delete',
  disable: 'siteDetail.options.confirm_disable',
  enable: 'siteDetail.options.confirm_enable',
};
const DONE_TEXT: Record<Exclude<Confirmable, 'backup'>, string> = {
  delete: 'siteDetail.options.deleted',
  disable: 'siteDetail.options.disabled',
  enable: 'siteDetail.options.enabled',
};

export function SiteDetailOptions({ site, held, onEdit, onImpersonate }: SiteDetailOptionsProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [pending, setPending] = useState(false);
  const { requestBackup, pendingDialog } = useRequestBackup(site.id);
  const options = detailOptionsFor(site, held).filter((option) => option !== 'edit' || onEdit);
  // The summary's query (read once for both): a site holding a ready backup is asked whether to replace it.
  const { data: backups } = useGetList<BackupRecord>(BACKUPS_RESOURCE, siteBackupsQuery(site.id), { enabled: options.includes('backup') });
  const replacing = holdsReadyBackup(backups);
  if (options.length === 0) return null;

  const choose = (option: DetailOption) => {
    setAnchor(null);
    if (option === 'edit') onEdit?.();
    else if (option === 'impersonate') onImpersonate();
    else setConfirming(option);
  };

  const run = async () => {
    if (!confirming) return;
    setPending(true);
    if (confirming === 'backup') {
      // Its notices and its error modal are the backups' own.
      await requestBackup({ replace: replacing });
      setPending(false);
      setConfirming(null);
      return;
    }
    try {
      if (confirming === 'delete') await dataProvider.delete('sites', { id: site.id, previousData: { ...site } });
      else await dataProvider.request(`/sites/${site.id}/${confirming}`, { method: 'POST' });
      notify(DONE_TEXT[confirming], { type: 'success' });
      if (confirming === 'delete') redirect('/portales');
      else refresh();
    } catch (error) {
      const message = (error as { message?: string }).message || 'siteDetail.options.error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setPending(false);
      setConfirming(null);
    }
  };

  return (
    <>
      <MuiButton
        variant="outlined"
        endIcon={<MoreVertIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate('siteDetail.options.label')}
      </MuiButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {options.map((option) => (
          <MenuItem key={option} onClick={() => choose(option)}>
            {translate(`siteDetail.options.${option}`)}
          </MenuItem>
        ))}
      </Menu>
      <ContinueConfirm
        isOpen={confirming !== null}
        loading={pending}
        title={confirming === 'backup' ? (replacing ? 'backups.request.replace_title' : 'backups.request.confirm_title') : confirming ? `siteDetail.options.${confirming}` : ''}
        content={confirming === 'backup' && replacing ? 'backups.request.replace' : confirming ? CONFIRM_TEXT[confirming] : ''}
        onConfirm={() => run()}
        onClose={() => setConfirming(null)}
      />
      {pendingDialog}
    </>
  );
}
