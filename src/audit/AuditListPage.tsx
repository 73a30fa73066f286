// Hand-built, not GeneratedResourcePage: rows expand to their changed fields (before → after), the user filter reads the view /audit/actors/ and a reversed date range is refused without asking; the generated list has none of these.
/**
 * /configuracion/auditoria (Settings): the audit trail, read-only (docs/decisions/0010-audit-trail.md).
 * Filters by user, resource and dates; 20 records at a time, newest first, with 'Ver más'; each
 * row expands to its changed fields. Data: react-admin's dataProvider, resource 'audit' (GET /audit/).
 */
import { Box, Card, Stack, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { auditResource, type AuditRecord } from '../../resources/audit';
import { resources } from '../../resources/index';
import type { LabelledDeclaration } from '../../resources/types';
import { LoadMoreList } from '../engine/LoadMoreList';
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

const AUDIT_SORT = { field: 'at', order: 'DESC' } as const;

export const AUDIT_PARENT_ROUTE = auditResource.parentRoute ?? '/configuracion';

export interface AuditListPageProps {
  /** Ignored (the title is fixed); accepted from the shell's screen props. */
  title?: string;
  /** The declarations whose audited ones the resource filter offers (defaults to every declared resource). */
  declarations?: readonly LabelledDeclaration[];
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
      <LoadMoreList<AuditRecord>
        resource={AUDIT_RESOURCE}
        filter={filter}
        sort={AUDIT_SORT}
        perPage={AUDIT_PAGE_SIZE}
        paused={invalidRange}
        emptyText="audit.empty"
        errorText="audit.load_error"
        loadMoreLabel="audit.load_more"
      >
        {(rows) => (
          <Card>
            <AuditTable rows={rows} choices={choices} />
          </Card>
        )}
      </LoadMoreList>
    </Box>
  );
}
