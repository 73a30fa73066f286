/** The audit rows, newest first; each row expands to show its changed fields. */
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Box, Collapse, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Fragment, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { AuditRecord } from '../../resources/audit';
import { fieldLabelKey } from '../../resources/types';
import { AuditChanges } from './AuditChanges';
import { actionLabelKey, formatAuditDate, recordReference, resourceLabelKey, type ResourceChoice } from './auditRules';

const COLUMNS = ['at', 'userEmail', 'action', 'resource', 'recordId', 'clientAddress'] as const;

/** The record by its name, its id beside it; '—' when the line concerns no record. */
function RecordCell({ record }: { record: AuditRecord }) {
  const translate = useTranslate();
  const { label, id } = recordReference(record);
  if (!label && !id) return <>{translate('audit.no_value')}</>;
  if (!label) return <>{id}</>;
  return (
    <>
      {label}
      {id ? (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1, whiteSpace: 'nowrap' }}>
          {translate('audit.record_id', { id })}
        </Typography>
      ) : null}
    </>
  );
}

function AuditRow({ record, choices }: { record: AuditRecord; choices: readonly ResourceChoice[] }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const orNone = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? translate('audit.no_value') : value);
  const resourceKey = resourceLabelKey(record.resource, choices);
  const toggleLabel = translate(open ? 'audit.details.hide' : 'audit.details.show');
  return (
    <Fragment>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton size="small" aria-label={toggleLabel} title={toggleLabel} aria-expanded={open} onClick={() => setOpen((value) => !value)}>
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAuditDate(record.at)}</TableCell>
        <TableCell>{orNone(record.userEmail)}</TableCell>
        <TableCell>{translate(actionLabelKey(record.action), { _: record.action })}</TableCell>
        <TableCell>{resourceKey ? translate(resourceKey) : record.resource}</TableCell>
        <TableCell>
          <RecordCell record={record} />
        </TableCell>
        <TableCell>{orNone(record.clientAddress)}</TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={COLUMNS.length + 1} sx={{ py: 0 }}>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <Box sx={{ my: 1 }}>
              <AuditChanges resource={record.resource} before={record.before} after={record.after} />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

export function AuditTable({ rows, choices }: { rows: readonly AuditRecord[]; choices: readonly ResourceChoice[] }) {
  const translate = useTranslate();
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('resources.audit.title')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            {COLUMNS.map((column) => (
              <TableCell key={column}>{translate(fieldLabelKey('audit', column))}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((record) => (
            <AuditRow key={record.id} record={record} choices={choices} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
