/**
 * Up and down buttons of a row, for a declaration with a `sort` action (spec 02 §4 'Ordering': banners, logos… move up
 * or down, saved at once). A record sort moves the row to its neighbour's place (`POST {id}/sort/{targetId}`, the
 * logos' id and next id); a collection sort sends the page's rows in their new order (`PUT /banners/sort`, each id with
 * its position). The list is refreshed after; a refusal is notified with the server's message.
 */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { PortalesDataProvider } from '../../dataProvider';
import type { ResourceAction, ResourceDeclaration } from '../../resources/types';
import { permissionList, permittedActions } from './declarationFields';

/** The permitted sort action of the declaration, record scope first (a row's move), else the collection's. */
export function sortActionOf(declaration: ResourceDeclaration, held: readonly string[]): ResourceAction | undefined {
  const sorts = [...permittedActions(declaration, 'record', held), ...permittedActions(declaration, 'collection', held)].filter((action) => action.kind === 'sort');
  return sorts[0];
}

/**
 * The positions of a page's rows after swapping rows `from` and `to`: the rows' own positions when they strictly
 * increase (only the two change), else 1…n after the rows of the pages before.
 */
export function swappedOrder(rows: readonly { id: unknown; position: number | null }[], from: number, to: number, offset: number): { id: unknown; position: number }[] {
  const own = rows.map((row) => row.position);
  const increasing = own.every((position, index) => position !== null && (index === 0 || position > own[index - 1]!));
  const positions = increasing ? (own as number[]) : rows.map((_row, index) => offset + index + 1);
  const order = [...rows];
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order.map((row, index) => ({ id: row.id, position: positions[index]! }));
}

export function SortButtons({ declaration }: { declaration: ResourceDeclaration }) {
  const record = useRecordContext();
  const { data = [], page = 1, perPage = declaration.pageSize } = useListContext();
  const { permissions } = usePermissions();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [running, setRunning] = useState(false);
  const action = sortActionOf(declaration, permissionList(permissions));
  if (!action || !record) return null;
  const index = data.findIndex((row: RaRecord) => row.id === record.id);

  const move = async (step: -1 | 1) => {
    const neighbour = data[index + step] as RaRecord | undefined;
    if (!neighbour) return;
    setRunning(true);
    try {
      if (action.scope === 'record') {
        await dataProvider.runAction(declaration.name, { action: action.name, id: record.id, params: { targetId: neighbour.id } });
      } else {
        const field = action.field!;
        const rows = data.map((row: RaRecord) => ({ id: row.id, position: typeof row[field] === 'number' ? (row[field] as number) : null }));
        const order = swappedOrder(rows, index, index + step, (page - 1) * perPage);
        await dataProvider.runAction(declaration.name, { action: action.name, data: order.map((row) => ({ [declaration.idField]: row.id, [field]: row.position })) });
      }
      refresh();
    } catch (caught) {
      notify((caught as { message?: string })?.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setRunning(false);
    }
  };

  const up = translate('engine.move_up');
  const down = translate('engine.move_down');
  return (
    <>
      <Tooltip title={up}>
        <span>
          <IconButton size="small" aria-label={up} disabled={running || index <= 0} onClick={() => void move(-1)}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={down}>
        <span>
          <IconButton size="small" aria-label={down} disabled={running || index < 0 || index >= data.length - 1} onClick={() => void move(1)}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
