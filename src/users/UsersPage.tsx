/**
 * /administradores (spec 01 §2 'Users', area `users`): three tabs — Superadministradores (only with Users),
 * Administradores and Usuarios — opening on superadmins with Users, otherwise on administrators; the tab is in the
 * address (`?tab=`). Each tab is its folder's component (src/users/superadmins, administrators, siteUsers).
 */
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { Title, usePermissions, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { AdministratorsTab } from './administrators';
import { SiteUsersTab } from './siteUsers';
import { SuperadminsTab } from './superadmins/SuperadminsTab';
import { currentUsersTab, USERS_TAB_LABELS, USERS_TAB_PARAM, usersTabs, type UsersTab } from './usersTabs';

export function UsersPage() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const held = Array.isArray(permissions) ? permissions : [];
  const [params, setParams] = useSearchParams();
  const tabs = usersTabs(held);
  const tab = currentUsersTab(held, params.get(USERS_TAB_PARAM));
  const choose = (next: UsersTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(USERS_TAB_PARAM, next);
        return updated;
      },
      { replace: true },
    );

  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('pages.sections.users')} />
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {translate('pages.sections.users')}
      </Typography>
      <Tabs value={tab} onChange={(_event, next: UsersTab) => choose(next)} aria-label={translate('users.tabs.label')}>
        {tabs.map((key) => (
          <Tab key={key} value={key} label={translate(USERS_TAB_LABELS[key])} />
        ))}
      </Tabs>
      <Box role="tabpanel" sx={{ pt: 2 }}>
        {tab === 'superadministradores' ? <SuperadminsTab /> : tab === 'administradores' ? <AdministratorsTab /> : <SiteUsersTab />}
      </Box>
    </Box>
  );
}
