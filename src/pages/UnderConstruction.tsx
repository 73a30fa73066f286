/** A route whose screen comes later: the section title and 'Esta sección está en construcción'. */
import ConstructionIcon from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BackButton } from '../settings/BackButton';
import { useText } from '../shared/useText';

export interface ScreenProps {
  /** i18n key of the section title. */
  title?: string;
}

export function UnderConstruction({ title }: ScreenProps) {
  const text = useText();
  return (
    <Paper sx={{ p: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
        {title && (
          <Typography variant="h5" component="h1" gutterBottom>
            {text(title)}
          </Typography>
        )}
        {/* 'Atrás' to /configuracion on the settings sub-pages not built yet. */}
        <BackButton />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <ConstructionIcon color="action" />
        <Box>
          <Typography variant="h6" component="p">
            {text('pages.under_construction.title')}
          </Typography>
          <Typography color="text.secondary">{text('pages.under_construction.text')}</Typography>
        </Box>
      </Box>
    </Paper>
  );
}
