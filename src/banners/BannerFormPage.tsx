/**
 * /banners/crud/{id?} (spec 02 §2 'Banners', §4 'Banner form'): create a banner, or update it when the id is present.
 * The declaration's inputs (labels, yup schema shared with the server) arranged as the spec draws the form: texts,
 * an image (with the cover cropper) or a YouTube video (with its thumbnail), the flags and the audience. Delete only in
 * update mode, with the spec's question. Saving returns to the list.
 */
import { Box, CircularProgress, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { Button, SaveButton, SimpleForm, Toolbar, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { bannersResource, youtubeCode, youtubeThumbnail } from '../../resources/banners';
import { resourceSchema } from '../../resources/fieldKinds';
import { AREAS } from '../../resources/areas';
import { createDefaults } from '../engine/declarationFields';
import { DeleteRecordButton } from '../engine/DeleteRecordButton';
import { DETAIL_META } from '../engine/useDetailRecord';
import { FieldInput } from '../engine/ResourceInputs';
import { useSaveRecord } from '../engine/useSaveRecord';
import { yupValidate } from '../engine/yupValidate';
import { CoverCropper, CroppingProgress } from './CoverCropper';

const field = (source: string) => bannersResource.fields.find((candidate) => candidate.source === source)!;

function VideoThumbnail() {
  const translate = useTranslate();
  const url = useWatch({ name: 'urlVideo' }) as string | null | undefined;
  const code = youtubeCode(url);
  if (!code) return null;
  return <Box component="img" src={youtubeThumbnail(code)} alt={translate('banners.form.video_preview')} sx={{ maxWidth: 320, display: 'block', mb: 2 }} />;
}

/** Image or video: switching clears the other (the server needs one of them). */
function MediaInputs({ onCropping }: { onCropping: (cropping: boolean) => void }) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const [media, setMedia] = useState<'image' | 'video'>(() => (getValues('urlVideo') ? 'video' : 'image'));
  const choose = (next: 'image' | 'video') => {
    setMedia(next);
    if (next === 'video') {
      setValue('image', null, { shouldDirty: true });
      setValue('cover', null, { shouldDirty: true });
      setValue('mobile', null, { shouldDirty: true });
    } else setValue('urlVideo', '', { shouldDirty: true });
  };
  return (
    <Box role="group" aria-label={translate('banners.form.media')} sx={{ width: '100%' }}>
      <Typography variant="subtitle1">{translate('banners.form.media')}</Typography>
      <RadioGroup row value={media} onChange={(event) => choose(event.target.value as 'image' | 'video')}>
        <FormControlLabel value="image" control={<Radio />} label={translate('banners.form.media_image')} />
        <FormControlLabel value="video" control={<Radio />} label={translate('banners.form.media_video')} />
      </RadioGroup>
      {media === 'image' ? (
        <>
          <FieldInput field={field('image')} />
          <CoverCropper onCropping={onCropping} />
          <FieldInput field={field('mobile')} />
        </>
      ) : (
        <>
          <FieldInput field={field('urlVideo')} />
          <VideoThumbnail />
        </>
      )}
    </Box>
  );
}

function FormToolbar({ record, cropping, onBack }: { record?: RaRecord; cropping: boolean; onBack: () => void }) {
  return (
    <Toolbar sx={{ gap: 1, bgcolor: 'transparent', justifyContent: 'space-between' }}>
      <Stack direction="row" spacing={1}>
        <Button label="banners.form.back" onClick={onBack} />
        <SaveButton label="engine.save" alwaysEnable disabled={cropping} />
      </Stack>
      <CroppingProgress cropping={cropping} />
      {record && <DeleteRecordButton declaration={bannersResource} record={record} onDeleted={onBack} />}
    </Toolbar>
  );
}

export function BannerFormPage() {
  const { id } = useParams<{ id?: string }>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const [cropping, setCropping] = useState(false);
  const back = useCallback(() => navigate(AREAS.banners.path), [navigate]);
  const save = useSaveRecord(bannersResource, back);
  const validate = useMemo(() => yupValidate(resourceSchema(bannersResource, bannersResource.idField), translate), [translate]);
  const { data: record, isPending } = useGetOne(bannersResource.name, { id: id ?? '', meta: DETAIL_META }, { enabled: id !== undefined, gcTime: 0, onError: back });
  if (id !== undefined && (isPending || !record)) return <CircularProgress aria-label={translate('ra.page.loading')} sx={{ m: 4 }} />;

  return (
    <Box sx={{ maxWidth: 900 }}>
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>
        {translate(record ? 'banners.form.edit_title' : 'banners.form.create_title')}
      </Typography>
      <SimpleForm
        record={record ?? createDefaults(bannersResource)}
        resource={bannersResource.name}
        validate={validate}
        onSubmit={(values: Record<string, unknown>) => save(values, record)}
        noValidate
        toolbar={<FormToolbar record={record} cropping={cropping} onBack={back} />}
      >
        <FieldInput field={field('bannerType')} />
        <FieldInput field={field('section')} />
        <FieldInput field={field('title')} />
        <FieldInput field={field('subtitle')} />
        <FieldInput field={field('showText')} />
        <FieldInput field={field('styleCenter')} />
        <MediaInputs onCropping={setCropping} />
        <FieldInput field={field('description')} />
        <FieldInput field={field('link')} />
        <FieldInput field={field('isRequired')} />
        <FieldInput field={field('audience')} />
      </SimpleForm>
    </Box>
  );
}
