/** /terminos-condiciones: static legal terms (spec 01 §2, §9). */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useText } from '../shared/useText';
import { PublicShell } from './PublicShell';

const SECTIONS = ['purpose', 'responsibilities', 'inactivity', 'backup', 'data', 'changes'] as const;

const SECTION_KEYS: Record<(typeof SECTIONS)[number], { title: string; body: string }> = {
  purpose: { title: 'pages.terms.sections.purpose_title', body: 'pages.terms.sections.purpose' },
  responsibilities: { title: 'pages.terms.sections.responsibilities_title', body: 'pages.terms.sections.responsibilities' },
  inactivity: { title: 'pages.terms.sections.inactivity_title', body: 'pages.terms.sections.inactivity' },
  backup: { title: 'pages.terms.sections.backup_title', body: 'pages.terms.sections.backup' },
  data: { title: 'pages.terms.sections.data_title', body: 'pages.terms.sections.data' },
  changes: { title: 'pages.terms.sections.changes_title', body: 'pages.terms.sections.changes' },
};

export function TermsPage() {
  const text = useText();
  return (
    <PublicShell title="pages.terms.title" wide>
      <Typography paragraph>{text('pages.terms.intro')}</Typography>
      {SECTIONS.map((section) => (
        <section key={section}>
          <Typography variant="h6" component="h2">
            {text(SECTION_KEYS[section].title)}
          </Typography>
          <Typography paragraph>{text(SECTION_KEYS[section].body)}</Typography>
        </section>
      ))}
      <Link component={RouterLink} to="/">
        {text('pages.terms.back')}
      </Link>
    </PublicShell>
  );
}
