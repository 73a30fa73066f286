/** The Anotaciones tab (spec 01 §2, §9 15 a page with 'Ver más'): the form, then each annotation with its author, date and files. */
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { SITE_COMMENT_PAGE_SIZE } from '../../../resources/siteComments';
import { FileName } from '../../engine/FileFieldParts';
import { LoadMoreList } from '../../engine/LoadMoreList';
import type { UploadedFile } from '../../../dataProvider/upload';
import { SiteCommentForm } from './SiteCommentForm';
import { formatDateTime } from './formatting';

function CommentItem({ comment, siteId }: { comment: RaRecord; siteId: number }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [editing, setEditing] = useState(false);
  const files = (comment.files as UploadedFile[] | undefined) ?? [];
  if (editing) {
    return <SiteCommentForm siteId={siteId} record={comment} onCancel={() => setEditing(false)} onSaved={() => { setEditing(false); refresh(); }} />;
  }
  return (
    <Box component="li" sx={{ py: 1.5, listStyle: 'none' }}>
      <Typography variant="caption" color="text.secondary">
        {translate('siteDetail.comments.by', {
          name: (comment.userName as string | null) ?? translate('siteDetail.comments.unknown_author'),
          date: formatDateTime(comment.creationDate as string),
        })}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', my: 0.5 }}>{comment.description as string}</Typography>
      {files.length > 0 && (
        <Stack spacing={0.5} aria-label={translate('siteDetail.comments.attachments')}>
          {files.map((file) => (
            <FileName key={file.fileID} file={file} />
          ))}
        </Stack>
      )}
      <Button size="small" onClick={() => setEditing(true)}>
        {translate('siteDetail.comments.edit')}
      </Button>
      <Divider sx={{ mt: 1 }} />
    </Box>
  );
}

export function SiteCommentsTab({ siteId }: { siteId: number }) {
  const refresh = useRefresh();
  return (
    <>
      <SiteCommentForm siteId={siteId} onSaved={refresh} />
      <LoadMoreList
        resource="sitecomments"
        filter={{ siteId }}
        sort={{ field: 'creationDate', order: 'DESC' }}
        perPage={SITE_COMMENT_PAGE_SIZE}
        emptyText="siteDetail.comments.empty"
        errorText="siteDetail.comments.error"
      >
        {(rows) => (
          <Box component="ul" sx={{ p: 0, m: 0 }}>
            {rows.map((comment) => (
              <CommentItem key={comment.id} comment={comment} siteId={siteId} />
            ))}
          </Box>
        )}
      </LoadMoreList>
    </>
  );
}
