/**
 * The Solicitudes (pending) and Histórico (processed, with their status name) tabs: the site's requests, 10 a page
 * with 'Ver más' (spec 01 §2, §9). Each pending request is a card with its administrators' data and documents and,
 * for Sites holders, Aprobar / Rechazar (requests/PendingRequestCard.tsx).
 */
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { SITE_REQUEST_PAGE_SIZE } from '../../../resources/siteRequests';
import { choiceKey } from '../../../resources/types';
import { LoadMoreList } from '../../engine/LoadMoreList';
import { formatDateTime } from './formatting';
import { PendingRequestCard, type PendingRequest } from './requests/PendingRequestCard';

/** The status name of a request (spec 01 §2 'Histórico … with a status name'). */
const statusLabel = (status: string) => choiceKey('siterequests', 'status', status);

export function SiteRequestsTab({ siteId, mode, canDecide = false }: { siteId: number; mode: 'pending' | 'history'; canDecide?: boolean }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const history = mode === 'history';
  // A decided request leaves Solicitudes for Histórico; the site's pending flag and status change too.
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: ['siterequests'] });
    void queryClient.invalidateQueries({ queryKey: ['sites'] });
  };
  return (
    <LoadMoreList
      resource="siterequests"
      filter={{ siteId, status: history ? ['Approved', 'Rejected'] : 'PendingApproval' }}
      sort={{ field: history ? 'processedDate' : 'creationDate', order: 'DESC' }}
      perPage={SITE_REQUEST_PAGE_SIZE}
      emptyText={history ? 'siteDetail.requests.history_empty' : 'siteDetail.requests.empty'}
      errorText="siteDetail.requests.error"
    >
      {(rows) =>
        !history ? (
          <>
            {rows.map((row) => (
              <PendingRequestCard key={row.id} request={row as unknown as PendingRequest} canDecide={canDecide} onChanged={changed} />
            ))}
          </>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('siteDetail.requests.created')}</TableCell>
                <TableCell>{translate('siteDetail.requests.kind')}</TableCell>
                <TableCell>{translate('siteDetail.requests.status')}</TableCell>
                {history && <TableCell>{translate('siteDetail.requests.processed')}</TableCell>}
                {history && <TableCell>{translate('siteDetail.requests.response')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{formatDateTime(row.creationDate as string)}</TableCell>
                  <TableCell>{translate(choiceKey('siterequests', 'kind', row.kind as string))}</TableCell>
                  <TableCell>{translate(statusLabel(row.status as string))}</TableCell>
                  {history && <TableCell>{formatDateTime(row.processedDate as string | null)}</TableCell>}
                  {history && <TableCell>{(row.responseMessage as string | null) ?? ''}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )
      }
    </LoadMoreList>
  );
}
