/**
 * The annotation form of the Anotaciones tab (spec 01 §5: required, max 540 with a remaining counter; attachments of
 * 5242880 bytes through the files service): the sitecomments declaration's schema and its `files` input, saved with
 * `POST /sites/comments` (a new one) or `PUT /sites/comments` (an edited one).
 */
import { Box, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Button, Form, SaveButton, TextInput, useCreate, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { resourceSchema } from '../../../resources/fieldKinds';
import { SITE_COMMENT_MAX_LENGTH, siteCommentsResource } from '../../../resources/siteComments';
import { FilesUploadInput } from '../../engine/FileFieldParts';
import { yupValidate } from '../../engine/yupValidate';
import { remainingCharacters } from './siteDetailRules';

const filesField = siteCommentsResource.fields.find((field) => field.source === 'files')!;

function RemainingCounter() {
  const translate = useTranslate();
  const description = useWatch({ name: 'description' }) as string | undefined;
  const remaining = remainingCharacters(description ?? '');
  return (
    <Typography variant="caption" color={remaining < 0 ? 'error' : 'text.secondary'} role="status" aria-live="polite">
      {translate('siteDetail.comments.remaining', { count: remaining })}
    </Typography>
  );
}

export interface SiteCommentFormProps {
  siteId: number;
  /** An annotation being edited; absent: a new one. */
  record?: RaRecord;
  onSaved?: () => void;
  onCancel?: () => void;
}

export function SiteCommentForm({ siteId, record, onSaved, onCancel }: SiteCommentFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  // A new form (empty text, no files) after each annotation saved.
  const [generation, setGeneration] = useState(0);
  const validate = useMemo(() => yupValidate(resourceSchema(siteCommentsResource, siteCommentsResource.idField, 'create'), translate), [translate]);
  const defaultValues = useMemo(
    () => ({ description: (record?.description as string | undefined) ?? '', files: (record?.files as unknown[] | undefined) ?? [] }),
    [record],
  );

  const failed = (error: unknown) => {
    const message = (error as { message?: string }).message || 'siteDetail.options.error';
    notify(message, { type: 'error', messageArgs: { _: message } });
  };
  const save = async (values: FieldValues) => {
    const data = { siteId, description: values.description, files: values.files ?? [] };
    const options = {
      mutationMode: 'pessimistic' as const,
      returnPromise: true as const,
    };
    try {
      if (record) await update('sitecomments', { id: record.id, data, previousData: record }, options);
      else {
        await create('sitecomments', { data }, options);
        setGeneration((value) => value + 1);
      }
      notify('siteDetail.comments.saved', { type: 'success' });
      onSaved?.();
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Form key={record ? String(record.id) : `new-${generation}`} defaultValues={defaultValues} onSubmit={save} validate={validate} resetOptions={{ keepDirtyValues: false }}>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }}>
        <TextInput
          source="description"
          label={record ? 'siteDetail.comments.edit' : 'siteDetail.comments.new'}
          placeholder={translate('siteDetail.comments.placeholder')}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: SITE_COMMENT_MAX_LENGTH } }}
          helperText={<RemainingCounter />}
        />
        <FilesUploadInput field={filesField} compact={false} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {onCancel && <Button label="siteDetail.comments.cancel" onClick={onCancel} />}
          <SaveButton label="siteDetail.comments.save" alwaysEnable={!(creating || updating)} disabled={creating || updating} />
        </Stack>
      </Box>
    </Form>
  );
}
