/**
 * Live previews a singleton form shows beside its inputs, by the name its declaration gives (`preview`): each reads
 * the form's current values, so it changes as the user types.
 */
import { Box, Link, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { GOVCO_LOGO_SIZE } from '../../resources/platformSettings';

const COLOR = /^#[0-9A-Fa-f]{6}$/;
const colorOr = (value: unknown, fallback: string) => (typeof value === 'string' && COLOR.test(value) ? value : fallback);
const imageUrl = (value: unknown): string | null => {
  if (value && typeof value === 'object') {
    const file = value as { thumbnail?: string | null; filePath?: string };
    return file.thumbnail ?? file.filePath ?? null;
  }
  return null;
};

/** The GOV.CO bar as a portal shows it: the top bar with its logo and link, the bottom bar with its font colour. */
function GovcoBarPreview() {
  const translate = useTranslate();
  const [isActive, colorTopBar, logoTopBar, linkAccess, colorBottomBar, colorFontBottomBar] = useWatch({
    name: ['isActive', 'colorTopBar', 'logoTopBar', 'linkAccess', 'colorBottomBar', 'colorFontBottomBar'],
  }) as unknown[];
  const logo = imageUrl(logoTopBar);
  return (
    <Box component="section" aria-label={translate('resources.govco.preview.label')} data-testid="govco-preview" sx={{ my: 2, border: 1, borderColor: 'divider', opacity: isActive === false ? 0.5 : 1 }}>
      <Typography variant="subtitle2" sx={{ p: 1 }}>
        {translate('resources.govco.preview.label')}
      </Typography>
      <Box data-testid="govco-preview-top" sx={{ bgcolor: colorOr(colorTopBar, '#3366CC'), px: 2, py: 1, display: 'flex', alignItems: 'center', minHeight: GOVCO_LOGO_SIZE.height + 16 }}>
        {logo && <Box component="img" src={logo} alt="" sx={{ height: GOVCO_LOGO_SIZE.height, maxWidth: GOVCO_LOGO_SIZE.width, objectFit: 'contain' }} />}
      </Box>
      <Box data-testid="govco-preview-bottom" sx={{ bgcolor: colorOr(colorBottomBar, '#3366CC'), color: colorOr(colorFontBottomBar, '#FFFFFF'), px: 2, py: 0.5 }}>
        <Link href={typeof linkAccess === 'string' ? linkAccess : undefined} target="_blank" rel="noopener noreferrer" sx={{ color: 'inherit' }}>
          {translate('resources.govco.preview.link')}
        </Link>
      </Box>
      {isActive === false && (
        <Typography variant="body2" sx={{ p: 1 }}>
          {translate('resources.govco.preview.inactive')}
        </Typography>
      )}
    </Box>
  );
}

export const PREVIEWS: Readonly<Record<string, () => ReactElement>> = {
  govcoBar: GovcoBarPreview,
};
