/**
 * 'Atrás' of every settings sub-page: a link to the parent index. The generated catalogue screens
 * and the audit screen pass their parent; a screen that does not (the 'en construcción' panel) gets
 * the settings index when its route is one of its sub-pages, and no button otherwise.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, Link } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { settingsParentOf } from './settingsEntries';

export function BackButton({ to }: { to?: string }) {
  const { pathname } = useLocation();
  const target = to ?? settingsParentOf(pathname);
  if (!target) return null;
  return (
    <Button label="settings.back" component={Link} to={target}>
      <ArrowBackIcon />
    </Button>
  );
}
