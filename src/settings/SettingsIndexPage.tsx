/** /configuracion: the settings index, one row per sub-page (spec 03 §2). */
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Card, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { Link, Title, useTranslate } from 'react-admin';
import { settingsEntries } from './settingsEntries';

const entries = settingsEntries();

export function SettingsIndexPage() {
  const translate = useTranslate();
  return (
    <>
      <Title title="settings.title" />
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>
        {translate('settings.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('settings.subtitle')}
      </Typography>
      <Card>
        <List aria-label={translate('settings.title')}>
          {entries.map((entry) => (
            // Each row an <li> holding its link: a list's children must be list items (axe 'list').
            <ListItem key={entry.route} disablePadding divider>
              <ListItemButton component={Link} to={entry.route}>
                <ListItemText primary={translate(entry.title)} secondary={translate(entry.description)} />
                <ListItemIcon sx={{ minWidth: 0 }}>
                  <ChevronRightIcon />
                </ListItemIcon>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Card>
    </>
  );
}
