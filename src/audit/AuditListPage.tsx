/**
 * /configuracion/auditoria (Settings): the audit trail, read-only (docs/decisions.md 'Audit trail').
 * Filters by user, resource and dates; 20 records at a time, newest first, with 'Ver más'; each
 * row expands to its changed fields. Data: react-admin's dataProvider, resource 'audit' (GET /audit/).
 */
import { Alert, Box, Button as MuiButton, Card, CircularProgress, Stack, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { Title, useInfiniteGetList, useTranslate } from 'react-admin';
import { auditResource, type AuditRecord } from '../../resources/audit';
import { resources } from '../../resources/index';
import type { ResourceReference } from '../../resources/types';
import { BackButton } from '../settings/BackButton';
import { AuditFilters } from './AuditFilters';
import { AuditTable } from './AuditTable';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_RESOURCE,
  EMPTY_AUDIT_SEARCH,
  auditListFilter,
  isInvalidRange,
  resourceChoices,
  type AuditSearch,
} from './auditRules';

export const AUDIT_PARENT_ROUTE = auditResource.parentRoute ?? '/configuracion';

export interface AuditListPageProps {
  /** Ignored (the title is fixed); accepted from the shell's screen props. */
  title?: string;
  /** The declarations offered by the resource filter (defaults to every declared resource). */
  declarations?: readonly ResourceReference[];
}

export function AuditListPage({ declarations = resources }: AuditListPageProps) {
  const translate = useTranslate();
  const choices = useMemo(() => resourceChoices(declarations), [declarations]);
  const [search, setSearch] = useState<AuditSearch>(EMPTY_AUDIT_SEARCH);
  const [resetKey, setResetKey] = useState(0);
  const onClear = useCallback(() => {
    setSearch(EMPTY_AUDIT_SEARCH);
    setResetKey((key) => key + 1);
  }, []);
  const invalidRange = isInvalidRange(search);
  const filter = useMemo(() => auditListFilter(search), [search]);

  const { data, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteGetList<AuditRecord>(
    AUDIT_RESOURCE,
    { pagination: { page: 1, perPage: AUDIT_PAGE_SIZE }, sort: { field: 'at', order: 'DESC' }, filter },
    { enabled: !invalidRange },
  );
  const rows = useMemo(() => data?.pages.flatMap((page) => page.data) ?? [], [data]);
  const loading = isPending && !invalidRange && !error;

  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('resources.audit.title')} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography component="h1" variant="h5">
          {translate('resources.audit.title')}
        </Typography>
        <BackButton to={AUDIT_PARENT_ROUTE} />
      </Stack>
      <AuditFilters value={search} choices={choices} onChange={setSearch} resetKey={resetKey} onClear={onClear} />
      {error ? (
        <Alert severity="error" sx={{ my: 2 }}>
          {translate('audit.load_error')}
        </Alert>
      ) : null}
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={translate('ra.page.loading')} />
        </Box>
      ) : null}
      {!isPending && !error && !invalidRange && rows.length === 0 ? (
        <Typography sx={{ my: 4, textAlign: 'center' }} role="status">
          {translate('audit.empty')}
        </Typography>
      ) : null}
      {rows.length > 0 && !invalidRange ? (
        <Card>
          <AuditTable rows={rows} choices={choices} />
        </Card>
      ) : null}
      {hasNextPage && !invalidRange ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
          <MuiButton variant="outlined" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
            {translate('audit.load_more')}
          </MuiButton>
        </Box>
      ) : null}
    </Box>
  );
}
