/**
 * The rows of the site list; a click (or Enter) on a row opens the site's detail. Without `onOpen`
 * (the user may not open the detail) rows are plain: no pointer, no focus, no action name. Column headers
 * sort the list (`onSort`); 'Activar' on an inactive installed row calls `onActivate` (which confirms first).
 */
import { memo, type KeyboardEvent } from 'react';
import { Box, Button, Table, TableBody, TableCell, tableCellClasses, TableContainer, TableHead, TableRow } from '@mui/material';
import type { Theme } from '@mui/material/styles';
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
import { choiceKey, fieldLabelKey } from '../../resources/types';

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

/** Each column's header: the label of the declaration's field it shows (`resources.sites.fields.<source>`). */
const HEADER_FIELDS: Record<SiteSortColumn, string> = { ...SITE_SORT_FIELDS, status: 'statusName' };
const NUMERIC = new Set<string>(['countUsers', 'countEmails', 'countContents', 'countComments', 'population']);

// Static styles (one emotion class each for the whole table, not an `sx` object per row and render: docs/decisions/README.md
// 'Site list first load: fewer commits, rows rendered once').
const PENDING_CHIP_SX = {
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
} as const;
const PENDING_ICON_SX = { fontSize: 18 } as const;

/**
 * The body's cells are plain <td>s with MUI's classes of a small body TableCell, styled once on the body with the
 * styles MUI's TableCell gives them (@mui/material TableCell: root, body, size small, align right): 220 MUI TableCells
 * per page (hooks, contexts, an emotion serialisation each) were most of the rows' commit.
 */
const STATUS_CELL = 'SiteTable-status';
/**
 * 8 px a side, not MUI's small 16: the whole row (eleven columns, 'Activar' and the request flag) fits the 1185 px a
 * 1280 px screen leaves (spec 01 §2: designed for widths above 1200 px), without sideways scrolling (issue 21).
 */
const CELL_PADDING = '6px 8px';
const HEAD_SX = { [`& .${tableCellClasses.head}`]: { padding: CELL_PADDING } } as const;
const BODY_CELL = `${tableCellClasses.root} ${tableCellClasses.body} ${tableCellClasses.sizeSmall}`;
const NUMERIC_BODY_CELL = `${BODY_CELL} ${tableCellClasses.alignRight}`;
function bodyStyles(theme: Theme, open: boolean) {
  return {
    '& > tr > td': {
      ...theme.typography.body2,
      display: 'table-cell',
      verticalAlign: 'inherit',
      // MUI's light-mode border (the admin has no dark mode nor CSS variables).
      borderBottom: `1px solid ${theme.lighten(theme.alpha(theme.palette.divider, 1), 0.88)}`,
      textAlign: 'left',
      padding: CELL_PADDING,
      color: theme.palette.text.primary,
    },
    [`& > tr > td.${tableCellClasses.alignRight}`]: { textAlign: 'right', flexDirection: 'row-reverse' },
    // The status cell's line (as MUI's <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">).
    [`& .${STATUS_CELL}`]: { display: 'flex', flexDirection: 'row', gap: theme.spacing(1), alignItems: 'center', flexWrap: 'wrap' },
    // The rows' looks, also once on the body: a pointer on rows that open their site, the pending rows' background.
    ...(open ? { '& > tr': { cursor: 'pointer' } } : {}),
    '& > tr[data-pending]': { bgcolor: 'warning.50' },
  } as const;
}
const BODY_SX = (theme: Theme) => bodyStyles(theme, false);
const OPEN_BODY_SX = (theme: Theme) => bodyStyles(theme, true);

function StatusCell({ site, held, onActivate }: { site: SiteRow; held: readonly string[]; onActivate?: (site: SiteRow) => void }) {
  const translate = useTranslate();
  return (
    <div className={STATUS_CELL}>
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
        // Drawn as a small chip without MUI's Chip (~3 KiB gz off the list's first load: docs/decisions/0022-first-load-budget.md).
        // Dark amber on light amber (6:1): MUI's warning chip (white on #ed6c02) is 3.1:1, under WCAG AA.
        <Box
          component="span"
          aria-label={translate('sites.list.pending_request')}
          title={translate('sites.list.pending_request')}
          sx={PENDING_CHIP_SX}
        >
          <PendingActionsIcon sx={PENDING_ICON_SX} aria-hidden />
          {site.requestType ? translate(choiceKey('siterequests', 'kind', site.requestType), { _: site.requestType }) : translate('sites.list.pending_request')}
        </Box>
      ) : null}
    </div>
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

type SiteTableProps = {
  rows: readonly SiteRow[];
  held: readonly string[];
  onOpen?: (site: SiteRow) => void;
  sort?: SiteSort;
  onSort?: (column: SiteSortColumn) => void;
  onActivate?: (site: SiteRow) => void;
};

/** The column headers; drawn again only when the order (or the language) changes. */
const SiteTableHead = memo(function SiteTableHead({ sort, onSort }: Pick<SiteTableProps, 'sort' | 'onSort'>) {
  const translate = useTranslate();
  return (
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
                {translate(fieldLabelKey('sites', HEADER_FIELDS[column]))}
              </SortLabel>
            ) : (
              translate(fieldLabelKey('sites', HEADER_FIELDS[column]))
            )}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
});

/**
 * One site's row. Memoised: a row is drawn again only when its site (or the callbacks, the permissions, the language)
 * changes — not when the page re-renders for the tab totals, the filter options or a dialog (the largest commit of the
 * list's first load was the rows drawn again: docs/decisions/0022-first-load-budget.md).
 */
export const SiteTableRow = memo(function SiteTableRow({
  site,
  held,
  onOpen,
  onActivate,
}: { site: SiteRow } & Pick<SiteTableProps, 'held' | 'onOpen' | 'onActivate'>) {
  const translate = useTranslate();
  return (
    <TableRow
      data-site-id={site.id}
      data-pending={site.pendingRequest ? 'true' : undefined}
      {...openProps(site, onOpen, translate('sites.list.open_site', { name: site.name }))}
    >
      <td className={BODY_CELL}>{site.name}</td>
      <td className={BODY_CELL}>{site.siteType ?? ''}</td>
      <td className={BODY_CELL}>{site.parentLocation ?? ''}</td>
      <td className={BODY_CELL}>{site.childLocation ?? ''}</td>
      <td className={NUMERIC_BODY_CELL}>{formatCount(site.countUsers)}</td>
      <td className={NUMERIC_BODY_CELL}>{formatCount(site.countEmails)}</td>
      <td className={NUMERIC_BODY_CELL}>{formatCount(site.countContents)}</td>
      <td className={NUMERIC_BODY_CELL}>{formatCount(site.countComments)}</td>
      <td className={BODY_CELL}>{formatSiteDate(site.modifiedDate)}</td>
      <td className={NUMERIC_BODY_CELL}>{formatCount(site.population)}</td>
      <td className={BODY_CELL}>
        <StatusCell site={site} held={held} onActivate={onActivate} />
      </td>
    </TableRow>
  );
});

export const SiteTable = memo(function SiteTable(props: SiteTableProps) {
  const { rows, held, onOpen, sort, onSort, onActivate } = props;
  return (
    <TableContainer>
      <Table size="small" sx={HEAD_SX}>
        <SiteTableHead sort={sort} onSort={onSort} />
        <TableBody sx={onOpen ? OPEN_BODY_SX : BODY_SX}>
          {rows.map((site) => (
            <SiteTableRow key={site.id} site={site} held={held} onOpen={onOpen} onActivate={onActivate} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
});
