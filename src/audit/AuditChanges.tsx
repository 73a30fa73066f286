/**
 * The changed fields of one audit record: each field by its label (the resource's own, as its
 * screens show it) and its values before and after as a person reads them (Sí/No, dates, lists).
 */
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { changedFields, fieldLabelKeys, formatAuditValue, valueNameKey, type ValueFormat } from './auditRules';

export function AuditChanges({ resource, before, after }: { resource: string; before: unknown; after: unknown }) {
  const translate = useTranslate();
  const format = useMemo<ValueFormat>(
    () => ({ yes: translate('audit.details.yes'), no: translate('audit.details.no'), none: translate('audit.no_value') }),
    [translate],
  );
  const fieldLabel = (field: string) =>
    fieldLabelKeys(resource, field).reduceRight<string>((fallback, key) => translate(key, { _: fallback }), field) ||
    translate('audit.details.value');
  // Names inside a field's values (a superadmin's permissions) by their Spanish names.
  const formatOf = (field: string): ValueFormat => ({
    ...format,
    name: (text) => {
      const key = valueNameKey(field, text);
      return key ? translate(key, { _: text }) : text;
    },
  });
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
              {fieldLabel(change.field)}
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{formatAuditValue(change.before, formatOf(change.field))}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{formatAuditValue(change.after, formatOf(change.field))}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
