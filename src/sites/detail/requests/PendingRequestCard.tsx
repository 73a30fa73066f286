/**
 * One pending request in the detail's Solicitudes tab (spec 01 §2, §3, §4): its date and kind, the legal
 * representative's and the webmaster's data and documents (`GET /siterequests/administrator/{id}`), and, for Sites
 * holders, Aprobar / Rechazar with their dialogs; after an approval, the installation's wait screen.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button, useDataProvider } from 'react-admin';
import type { PortalesDataProvider } from '../../../../dataProvider';
import type { UploadedFile } from '../../../../dataProvider/upload';
import { choiceKey } from '../../../../resources/types';
import { webMasterKey, type AdministratorProfile, type ProfileField } from '../../../../resources/siteRequestRules';
import { FileName } from '../../../engine/FileFieldParts';
import { useText } from '../../../shared/useText';
import { formatDateTime } from '../formatting';
import { ApproveDialog, InstallationWait, RejectDialog, type ChangeStatusAnswer } from './RequestDecisionDialogs';

export interface PendingRequest {
  id: number;
  kind: string;
  creationDate: string;
}

const SHOWN: readonly ProfileField[] = ['identificationNumber', 'gender', 'position', 'email', 'phone', 'phone2'];

function Person({ profile, who }: { profile: AdministratorProfile; who: 'legalRepresentative' | 'webMaster' }) {
  const text = useText();
  const headingId = useId();
  const value = (field: ProfileField) => String((profile as Record<string, unknown>)[who === 'webMaster' ? webMasterKey(field) : field] ?? '');
  const name = [value('name'), value('name2'), value('lastName'), value('lastName2')].filter(Boolean).join(' ');
  const files = profile.files.filter((file) => file.owner === who);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ flex: 1, minWidth: 260 }}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {text(`resources.siterequests.card.${who === 'webMaster' ? 'web_master' : 'legal_representative'}`)}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        <Typography component="dt" color="text.secondary">{text('resources.siterequests.card.fields.name')}</Typography>
        <Typography component="dd" sx={{ m: 0 }}>{name || '—'}</Typography>
        {SHOWN.map((field) => {
          const raw = value(field);
          const shown = field === 'gender' && raw ? text(`resources.siterequests.card.genders.${raw}`) : raw;
          return [
            <Typography key={`${field}-t`} component="dt" color="text.secondary">{text(`resources.siterequests.card.fields.${field}`)}</Typography>,
            <Typography key={`${field}-d`} component="dd" sx={{ m: 0 }}>{shown || '—'}</Typography>,
          ];
        })}
      </Box>
      {files.length > 0 && <FileList files={files} />}
    </Box>
  );
}

function FileList({ files, label }: { files: AdministratorProfile['files']; label?: string }) {
  const text = useText();
  return (
    <List dense aria-label={label ?? text('resources.siterequests.card.files')}>
      {files.map((file, index) => (
        <ListItem key={`${file.filePath}-${index}`} disableGutters>
          <FileName file={{ fileID: file.fileID ?? '', filePath: file.filePath ?? '', name: file.name, isImage: false, thumbnail: null, fileBigImage: null } as UploadedFile} />
        </ListItem>
      ))}
    </List>
  );
}

export function PendingRequestCard({ request, canDecide, onChanged }: { request: PendingRequest; canDecide: boolean; onChanged: () => void }) {
  const text = useText();
  const titleId = useId();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const profile = useQuery({
    queryKey: ['siterequests', 'administrator', request.id],
    queryFn: async () => (await dataProvider.request<AdministratorProfile>(`/siterequests/administrator/${request.id}`)).json,
  });
  const approved = (answer: ChangeStatusAnswer) => {
    setDialog(null);
    if (answer.jobId !== null) setJobId(answer.jobId);
    else onChanged();
  };
  const rejected = () => {
    setDialog(null);
    onChanged();
  };
  const unowned = profile.data?.files.filter((file) => file.owner === null) ?? [];
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId} sx={{ mb: 2 }}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2">
          {text('resources.siterequests.card.title', { date: formatDateTime(request.creationDate) })}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {text('resources.siterequests.card.kind')}: {text(choiceKey('siterequests', 'kind', request.kind))}
        </Typography>
        {profile.isPending && <LinearProgress aria-label={text('ra.page.loading')} />}
        {profile.error && <Alert severity="error">{text('resources.siterequests.card.loading_error')}</Alert>}
        {profile.data && (
          <>
            <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
              <Person profile={profile.data} who="legalRepresentative" />
              <Person profile={profile.data} who="webMaster" />
            </Box>
            {(unowned.length > 0 || profile.data.files.length === 0) && (
              <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
                {text('resources.siterequests.card.files')}
              </Typography>
            )}
            {unowned.length > 0 && <FileList files={unowned} />}
            {profile.data.files.length === 0 && <Typography color="text.secondary">{text('resources.siterequests.card.no_files')}</Typography>}
          </>
        )}
      </CardContent>
      {canDecide && (
        <CardActions>
          <Button label="resources.siterequests.actions.approve" variant="contained" onClick={() => setDialog('approve')} />
          <Button label="resources.siterequests.actions.reject" variant="outlined" color="error" onClick={() => setDialog('reject')} />
        </CardActions>
      )}
      <ApproveDialog requestId={request.id} open={dialog === 'approve'} onClose={() => setDialog(null)} onApproved={approved} />
      <RejectDialog requestId={request.id} open={dialog === 'reject'} onClose={() => setDialog(null)} onRejected={rejected} />
      {jobId !== null && (
        <InstallationWait
          jobId={jobId}
          onClose={() => {
            setJobId(null);
            onChanged();
          }}
        />
      )}
    </Card>
  );
}
