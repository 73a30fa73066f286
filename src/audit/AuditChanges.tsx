/** The changed fields of one audit record: field, value before and value after. */
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { changedFields, formatAuditValue } from './auditRules';

function ValueText({ value }: { value: unknown }) {
  const translate = useTranslate();
  if (typeof value === 'boolean') return <>{translate(value ? 'audit.details.yes' : 'audit.details.no')}</>;
  const text = formatAuditValue(value);
  return <>{text === '' ? translate('audit.no_value') : text}</>;
}

export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const translate = useTranslate();
  const changes = changedFields(before, after);
  if (changes.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {translate('audit.details.none')}
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label={translate('audit.details.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('audit.details.field')}</TableCell>
          <TableCell>{translate('audit.details.before')}</TableCell>
          <TableCell>{translate('audit.details.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.field || '-'}>
            <TableCell component="th" scope="row">
              {change.field || translate('audit.details.value')}
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>
              <ValueText value={change.before} />
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>
              <ValueText value={change.after} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
