/** The confirmation step's summary (src/newSite/requestSummary.ts): each step's data under its title, with a way back to it. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import type { WizardStep } from '../../resources/newSiteRequest';
import { useText } from '../shared/useText';
import type { SummarySection } from './requestSummary';

const TERM_SX = { color: 'text.secondary' } as const;
const VALUE_SX = { m: 0, overflowWrap: 'anywhere' } as const;

export function RequestSummary({ sections, onEdit }: { sections: SummarySection[]; onEdit: (step: WizardStep) => void }) {
  const text = useText();
  return (
    <Stack spacing={2} component="section" aria-labelledby="newsite-summary-title">
      <Box>
        <Typography variant="subtitle1" component="h3" id="newsite-summary-title">
          {text('newSite.summary.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text('newSite.summary.intro')}
        </Typography>
      </Box>
      {sections.map((section) => {
        const title = text(`newSite.steps.${section.step}`);
        return (
          <Box key={section.step} component="section" aria-labelledby={`newsite-summary-${section.step}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
            <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1} sx={{ mb: 1 }}>
              <Typography variant="subtitle2" component="h4" id={`newsite-summary-${section.step}`}>
                {title}
              </Typography>
              <Button size="small" onClick={() => onEdit(section.step)} aria-label={text('newSite.summary.edit', { section: title })}>
                {text('newSite.summary.edit_short')}
              </Button>
            </Stack>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, max-content) 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
              {section.rows.map((row) => (
                <Fragment key={row.label}>
                  <Box component="dt" sx={TERM_SX}>
                    {text(row.label)}
                  </Box>
                  <Box component="dd" sx={VALUE_SX}>
                    {row.translate ? text(row.value) : row.value}
                  </Box>
                </Fragment>
              ))}
              {section.documents && (
                <>
                  <Box component="dt" sx={TERM_SX}>
                    {text('newSite.fields.files')}
                  </Box>
                  <Box component="dd" sx={VALUE_SX}>
                    {section.documents.length === 0 ? (
                      text('newSite.files.empty')
                    ) : (
                      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                        {section.documents.map((name, index) => (
                          <li key={`${index}-${name}`}>{name}</li>
                        ))}
                      </Box>
                    )}
                  </Box>
                </>
              )}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
