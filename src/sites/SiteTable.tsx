/** The rows of the site list; a click (or Enter) on a row opens the site's detail. */
import type { KeyboardEvent } from 'react';
import { Button, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import { useTranslate } from 'react-admin';
import { formatCount, formatSiteDate, offersActivation, siteStatusKey, type SiteRow } from './siteListRules';

const COLUMNS = [
  'name',
  'siteType',
  'department',
  'municipality',
  'countUsers',
  'countEmails',
  'countContents',
  'countComments',
  'modifiedDate',
  'population',
  'status',
] as const;

const NUMERIC = new Set<string>(['countUsers', 'countEmails', 'countContents', 'countComments', 'population']);

function StatusCell({ site, held }: { site: SiteRow; held: readonly string[] }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
      <span>{translate(`sites.status.${siteStatusKey(site)}`)}</span>
      {offersActivation(site, held) ? (
        // Activation arrives with the site actions; until then the button shows, disabled.
        <span title={translate('sites.actions.under_construction')} onClick={(event) => event.stopPropagation()}>
          <Button size="small" variant="outlined" disabled>
            {translate('sites.actions.activate')}
          </Button>
        </span>
      ) : null}
      {site.pendingRequest ? (
        <Chip
          size="small"
          color="warning"
          icon={<PendingActionsIcon />}
          aria-label={translate('sites.list.pending_request')}
          title={translate('sites.list.pending_request')}
          label={site.requestType ? translate(`sites.request_type.${site.requestType}`, { _: site.requestType }) : translate('sites.list.pending_request')}
        />
      ) : null}
    </Stack>
  );
}

export function SiteTable(props: { rows: readonly SiteRow[]; held: readonly string[]; onOpen: (site: SiteRow) => void }) {
  const { rows, held, onOpen } = props;
  const translate = useTranslate();
  const onKeyDown = (site: SiteRow) => (event: KeyboardEvent) => {
    if (event.key === 'Enter') onOpen(site);
  };
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} align={NUMERIC.has(column) ? 'right' : 'left'}>
                {translate(`sites.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((site) => (
            <TableRow
              key={site.id}
              hover
              tabIndex={0}
              data-site-id={site.id}
              data-pending={site.pendingRequest ? 'true' : undefined}
              aria-label={translate('sites.list.open_site', { name: site.name })}
              onClick={() => onOpen(site)}
              onKeyDown={onKeyDown(site)}
              sx={{ cursor: 'pointer', ...(site.pendingRequest ? { bgcolor: 'warning.50' } : {}) }}
            >
              <TableCell>{site.name}</TableCell>
              <TableCell>{site.siteType ?? ''}</TableCell>
              <TableCell>{site.parentLocation ?? ''}</TableCell>
              <TableCell>{site.childLocation ?? ''}</TableCell>
              <TableCell align="right">{formatCount(site.countUsers)}</TableCell>
              <TableCell align="right">{formatCount(site.countEmails)}</TableCell>
              <TableCell align="right">{formatCount(site.countContents)}</TableCell>
              <TableCell align="right">{formatCount(site.countComments)}</TableCell>
              <TableCell>{formatSiteDate(site.modifiedDate)}</TableCell>
              <TableCell align="right">{formatCount(site.population)}</TableCell>
              <TableCell>
                <StatusCell site={site} held={held} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
