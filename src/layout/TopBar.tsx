/** The top bar: the menu derived from MENU_ENTRIES, the user's name and 'Cerrar sesión'. */
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLogout } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { getStoredUser, storedPermissionNames } from '../../authProvider/storage';
import { useText } from '../shared/useText';
import { ActivityIndicator } from './ActivityIndicator';
import { activeEntry, visibleMenuEntries } from './menuEntries';

export function TopBar() {
  const text = useText();
  const logout = useLogout();
  const { pathname } = useLocation();
  const entries = visibleMenuEntries(storedPermissionNames());
  const active = activeEntry(pathname, entries);
  const user = getStoredUser();
  return (
    // Drawn as MUI's static AppBar and Toolbar (a <header>, the page's banner) without their modules: docs/decisions/README.md
    // 'First-load budget'.
    <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', boxShadow: 1, zIndex: 'appBar', position: 'relative' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minHeight: { xs: 56, sm: 64 }, px: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="span" sx={{ mr: 2, whiteSpace: 'nowrap' }}>
          {text('menu.app_title')}
        </Typography>
        <Box component="nav" aria-label={text('menu.navigation')} sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap', flex: 1, overflowX: 'auto' }}>
          {entries.map((entry) => (
            <Button
              key={entry.to}
              component={RouterLink}
              to={entry.to}
              color="inherit"
              aria-current={entry === active ? 'page' : undefined}
              sx={{
                textTransform: 'none',
                fontSize: '0.95rem',
                px: 1.25,
                whiteSpace: 'nowrap',
                fontWeight: entry === active ? 700 : 400,
                borderBottom: entry === active ? '2px solid currentColor' : '2px solid transparent',
                borderRadius: 0,
              }}
            >
              {text(entry.label)}
            </Button>
          ))}
        </Box>
        <ActivityIndicator />
        {user && (
          <Typography component="span" aria-label={text('menu.user')} sx={{ whiteSpace: 'nowrap' }}>
            {user.name}
          </Typography>
        )}
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => logout()} sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}>
          {text('menu.logout')}
        </Button>
      </Box>
    </Box>
  );
}
