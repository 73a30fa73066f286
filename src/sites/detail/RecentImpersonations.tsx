/** The last entries into the portal as its administrator (`GET /sites/{id}/impersonations`): who, when, why, used or not. */
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalesDataProvider } from '../../../dataProvider';
import { formatDateTime } from './formatting';

interface Entry {
  jti: string;
  userName: string | null;
  userEmail: string | null;
  reason: string;
  issuedAt: string;
  usedAt: string | null;
}

export const impersonationsQueryKey = (siteId: number) => ['sites', 'impersonations', siteId];

export function RecentImpersonations({ siteId }: { siteId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const { data } = useQuery({
    queryKey: impersonationsQueryKey(siteId),
    queryFn: async () => (await dataProvider.request<{ results: Entry[] }>(`/sites/${siteId}/impersonations`)).json.results,
  });
  if (!data) return null;
  return (
    <Box component="section" sx={{ mt: 3 }} aria-labelledby="recent-impersonations">
      <Typography id="recent-impersonations" variant="subtitle1">
        {translate('siteDetail.impersonation.recent')}
      </Typography>
      {data.length === 0 ? (
        <Typography color="text.secondary">{translate('siteDetail.impersonation.recent_empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ pl: 2, my: 1 }}>
          {data.map((entry) => (
            <li key={entry.jti}>
              {translate('siteDetail.impersonation.entry', {
                name: entry.userName ?? entry.userEmail ?? '',
                date: formatDateTime(entry.issuedAt),
                reason: entry.reason,
              })}{' '}
              ({translate(entry.usedAt ? 'siteDetail.impersonation.used' : 'siteDetail.impersonation.unused')})
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
