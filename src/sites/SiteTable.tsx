/**
 * The rows of the site list; a click (or Enter) on a row opens the site's detail. Without `onOpen`
 * (the user may not open the detail) rows are plain: no pointer, no focus, no action name. Column headers
 * sort the list (`onSort`); 'Activar' on an inactive installed row calls `onActivate` (which confirms first).
 */
import type { KeyboardEvent } from 'react';
import { Box, Button, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import { useTranslate } from 'react-admin';
import { SortLabel } from '../shared/SortLabel';
import {
  formatCount,
  formatSiteDate,
  offersActivation,
  SITE_SORT_FIELDS,
  siteStatusKey,
  type SiteRow,
  type SiteSort,
  type SiteSortColumn,
} from './siteListRules';
import { choiceKey } from '../../resources/types';

/** The pending-request chip's colours. */
const PENDING_BACKGROUND = '#fff3e0';
const PENDING_TEXT = '#7a3e00';

const COLUMNS: readonly SiteSortColumn[] = [
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
];

const NUMERIC = new Set<string>(['countUsers', 'countEmails', 'countContents', 'countComments', 'population']);

function StatusCell({ site, held, onActivate }: { site: SiteRow; held: readonly string[]; onActivate?: (site: SiteRow) => void }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
      <span>{translate(`sites.status.${siteStatusKey(site)}`)}</span>
      {offersActivation(site, held) && onActivate ? (
        <Button
          size="small"
          variant="outlined"
          onClick={(event) => {
            event.stopPropagation(); // not the row's click: the detail stays closed
            onActivate(site);
          }}
          onKeyDown={(event) => event.stopPropagation()}
        >
          {translate('sites.actions.activate')}
        </Button>
      ) : null}
      {site.pendingRequest ? (
        // Drawn as a small chip without MUI's Chip (~3 KiB gz off the list's first load: docs/decisions.md 'First-load budget').
        // Dark amber on light amber (6:1): MUI's warning chip (white on #ed6c02) is 3.1:1, under WCAG AA.
        <Box
          component="span"
          aria-label={translate('sites.list.pending_request')}
          title={translate('sites.list.pending_request')}
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            height: 24,
            px: 1,
            borderRadius: 3,
            typography: 'body2',
            fontSize: '0.8125rem',
            whiteSpace: 'nowrap',
            bgcolor: PENDING_BACKGROUND,
            color: PENDING_TEXT,
          }}
        >
          <PendingActionsIcon sx={{ fontSize: 18 }} aria-hidden />
          {site.requestType ? translate(choiceKey('siterequests', 'kind', site.requestType), { _: site.requestType }) : translate('sites.list.pending_request')}
        </Box>
      ) : null}
    </Stack>
  );
}

/** What makes a row open its site: focus, pointer, name and handlers; nothing when it cannot be opened. */
function openProps(site: SiteRow, onOpen: ((site: SiteRow) => void) | undefined, name: string) {
  if (!onOpen) return {};
  return {
    hover: true,
    tabIndex: 0,
    'aria-label': name,
    onClick: () => onOpen(site),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter') onOpen(site);
    },
  };
}

export function SiteTable(props: {
  rows: readonly SiteRow[];
  held: readonly string[];
  onOpen?: (site: SiteRow) => void;
  sort?: SiteSort;
  onSort?: (column: SiteSortColumn) => void;
  onActivate?: (site: SiteRow) => void;
}) {
  const { rows, held, onOpen, sort, onSort, onActivate } = props;
  const translate = useTranslate();
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell
                key={column}
                align={NUMERIC.has(column) ? 'right' : 'left'}
                sortDirection={sort?.field === SITE_SORT_FIELDS[column] ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}
              >
                {onSort ? (
                  <SortLabel
                    active={sort?.field === SITE_SORT_FIELDS[column]}
                    direction={sort?.field === SITE_SORT_FIELDS[column] && sort.order === 'DESC' ? 'desc' : 'asc'}
                    onClick={() => onSort(column)}
                  >
                    {translate(`sites.columns.${column}`)}
                  </SortLabel>
                ) : (
                  translate(`sites.columns.${column}`)
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((site) => (
            <TableRow
              key={site.id}
              data-site-id={site.id}
              data-pending={site.pendingRequest ? 'true' : undefined}
              {...openProps(site, onOpen, translate('sites.list.open_site', { name: site.name }))}
              sx={{ ...(onOpen ? { cursor: 'pointer' } : {}), ...(site.pendingRequest ? { bgcolor: 'warning.50' } : {}) }}
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
                <StatusCell site={site} held={held} onActivate={onActivate} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
