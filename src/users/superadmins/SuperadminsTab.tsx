// Hand-built, not GeneratedResourcePage: a tab inside /administradores with an order picker kept in the address and a deactivate/activate toggle that refuses oneself (spec 01 §2 'Users'), none of which the generated page gives.
/**
 * The Superadministradores tab of /administradores (spec 01 §2 'Users'): text search over name and e-mail, order
 * (recent first, or by name), both kept in the address (`?buscar=&orden=`, like the other tabs' filters), 20 at a time
 * with 'Ver más' (the engine's LoadMoreList over `GET /users/`), the add / edit modal, and deactivation (or
 * activation) after a confirmation. Nobody deactivates themself.
 */
import {
  Button,
  Card,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Confirm, useDataProvider, useGetIdentity, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../resources/dates';
import { permissionDescriptionKey, permissionLabelKey } from '../../../resources/permissions';
import { superadminsResource, type SuperadminRecord } from '../../../resources/superadmins';
import { LoadMoreList } from '../../engine/LoadMoreList';
import { SuperadminDialog } from './SuperadminDialog';
import { statusAction } from './superadminForm';

const ORDERS = {
  recent: { field: 'createdDate', order: 'DESC', label: 'users.superadmins.order_recent' },
  name: { field: 'name', order: 'ASC', label: 'users.superadmins.order_name' },
} as const;
type OrderKey = keyof typeof ORDERS;
/** The address parameters of the tab's search and order. */
const SEARCH_PARAM = 'buscar';
const ORDER_PARAM = 'orden';

export function SuperadminsTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const { identity } = useGetIdentity();
  const selfId = identity?.id;
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM) ?? '';
  const order: OrderKey = params.get(ORDER_PARAM) === 'name' ? 'name' : 'recent';
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value) updated.set(name, value);
        else updated.delete(name);
        return updated;
      },
      { replace: true },
    );
  const setSearch = (value: string) => setParam(SEARCH_PARAM, value);
  const setOrder = (value: OrderKey) => setParam(ORDER_PARAM, value === 'recent' ? '' : value);
  const [editing, setEditing] = useState<{ record: SuperadminRecord | null } | null>(null);
  const [confirming, setConfirming] = useState<SuperadminRecord | null>(null);
  const filter = search.trim() ? { search: search.trim() } : {};
  const { field, order: direction } = ORDERS[order];

  const changeStatus = async (record: SuperadminRecord) => {
    const deleted = !record.deleted;
    try {
      await dataProvider.update('superadmins', {
        id: record.id,
        data: { name: record.name, email: record.email, permissions: record.permissions, deleted },
        previousData: record,
      });
      notify(deleted ? 'users.superadmins.deactivated' : 'users.superadmins.activated', { type: 'success' });
      refresh();
    } catch (caught) {
      notify((caught as { message?: string })?.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setConfirming(null);
    }
  };

  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          label={translate('users.superadmins.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ minWidth: 320 }}
        />
        <TextField
          select
          size="small"
          label={translate('users.superadmins.order')}
          value={order}
          onChange={(event) => setOrder(event.target.value as OrderKey)}
          sx={{ minWidth: 180 }}
        >
          {(Object.keys(ORDERS) as OrderKey[]).map((key) => (
            <MenuItem key={key} value={key}>
              {translate(ORDERS[key].label)}
            </MenuItem>
          ))}
        </TextField>
        <Stack sx={{ flexGrow: 1 }} />
        <Button variant="contained" onClick={() => setEditing({ record: null })}>
          {translate('users.superadmins.add')}
        </Button>
      </Stack>
      <LoadMoreList<SuperadminRecord>
        resource={superadminsResource.name}
        filter={filter}
        sort={{ field, order: direction }}
        perPage={superadminsResource.pageSize}
        emptyText="resources.superadmins.empty"
        errorText="users.superadmins.load_error"
        loadMoreLabel="users.superadmins.load_more"
      >
        {(rows) => (
          <Card>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.superadmins.fields.name')}</TableCell>
                  <TableCell>{translate('resources.superadmins.fields.email')}</TableCell>
                  <TableCell>{translate('resources.superadmins.fields.permissions')}</TableCell>
                  <TableCell>{translate('users.superadmins.status')}</TableCell>
                  <TableCell>{translate('resources.superadmins.fields.lastLogin')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((record) => {
                  const action = statusAction(record, selfId);
                  return (
                    <TableRow key={record.id} data-testid={`superadmin-${record.id}`}>
                      <TableCell>{record.name}</TableCell>
                      <TableCell>{record.email}</TableCell>
                      <TableCell>
                        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                          {record.permissions.map((permission) => (
                            <Chip
                              key={permission.permissionID}
                              size="small"
                              label={translate(permissionLabelKey(permission.name), { _: permission.name })}
                              title={translate(permissionDescriptionKey(permission.name), { _: '' })}
                            />
                          ))}
                        </Stack>
                      </TableCell>
                      <TableCell>{translate(record.deleted ? 'users.superadmins.inactive' : 'users.superadmins.active')}</TableCell>
                      <TableCell>{record.lastLogin ? formatDateTime(record.lastLogin) : translate('users.superadmins.never')}</TableCell>
                      <TableCell align="right">
                        <Button size="small" onClick={() => setEditing({ record })}>
                          {translate('users.superadmins.edit')}
                        </Button>
                        {action ? (
                          <Button size="small" color={action === 'deactivate' ? 'error' : 'primary'} onClick={() => setConfirming(record)}>
                            {translate(`users.superadmins.${action}`)}
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Card>
        )}
      </LoadMoreList>
      {editing ? (
        <SuperadminDialog
          open
          record={editing.record}
          selfId={selfId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
      <Confirm
        isOpen={confirming !== null}
        title={confirming?.deleted ? 'users.superadmins.activate' : 'users.superadmins.deactivate'}
        content={confirming?.deleted ? 'users.superadmins.confirm_activate' : 'users.superadmins.confirm_deactivate'}
        translateOptions={{ name: confirming?.name ?? '' }}
        onConfirm={() => (confirming ? void changeStatus(confirming) : undefined)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
