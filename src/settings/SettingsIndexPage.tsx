/**
 * /configuracion: the settings index, one row per sub-page (spec 03 §2), then the editors of the declarations that name
 * the settings area itself (the shortcuts, spec 02 §2 'Shortcuts (launchpad)'), inline.
 */
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Card, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { Link, Title, useTranslate } from 'react-admin';
import { findGeneratedResource } from '../../resources';
import { InlineResourceEditor } from '../engine/GeneratedResourcePage';
import { inlineSettingsResources, settingsEntries } from './settingsEntries';

const entries = settingsEntries();
const inline = inlineSettingsResources().flatMap((name) => findGeneratedResource(name) ?? []);

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
      {inline.map((declaration) => (
        <Card key={declaration.name} sx={{ mt: 3, px: 2, pb: 2 }}>
          <InlineResourceEditor declaration={declaration} />
        </Card>
      ))}
    </>
  );
}
