/**
 * The cover cropper of a banner's image (spec 02 §2 'Banners'): the image shown in the 4:1 frame the portals show,
 * moved by two sliders (the cover position, `positionX`/`positionY` in percent, as CSS `object-position` places it);
 * 800 ms after the last move (spec 02 §9) the crop is stored by `POST /uploadfiles/{id}/crop` and the answer becomes
 * the banner's `cover`. The same position on the server (resources/imageRules.ts `coverCrop`) gives the same window.
 */
import { Box, FormLabel, LinearProgress, Slider, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PortalesDataProvider } from '../../dataProvider';
import type { UploadedFile } from '../../dataProvider/upload';
import { BANNER_IMAGE_RULES } from '../../resources/imageRules';

/** Spec 02 §9: image scheduling and crop send wait 800 ms. */
export const CROP_DELAY_MS = 800;

const isUploaded = (value: unknown): value is UploadedFile => typeof value === 'object' && value !== null && typeof (value as UploadedFile).fileID === 'string';

export function CoverCropper({ onCropping }: { onCropping: (cropping: boolean) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const { setValue, getValues } = useFormContext();
  const image = useWatch({ name: 'image' }) as unknown;
  const positionX = Number(useWatch({ name: 'positionX' }) ?? 50);
  const positionY = Number(useWatch({ name: 'positionY' }) ?? 50);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const requested = useRef<string>('');
  const first = useRef(true);
  const fileID = isUploaded(image) ? image.fileID : null;

  useEffect(() => {
    if (!fileID) return undefined;
    const key = `${fileID}:${positionX}:${positionY}`;
    // An opened banner's stored crop is the one of its first values: nothing to send until the user moves.
    if (first.current) {
      first.current = false;
      if (isUploaded(getValues('cover'))) requested.current = key;
    }
    if (requested.current === key) return undefined;
    onCropping(true);
    pending.current = setTimeout(() => {
      requested.current = key;
      dataProvider
        .request<UploadedFile>(`/uploadfiles/${fileID}/crop`, { method: 'POST', body: { positionX, positionY } })
        .then(({ json }) => setValue('cover', json, { shouldDirty: true }))
        .catch(() => notify('banners.form.crop_error', { type: 'error' }))
        .finally(() => onCropping(false));
    }, CROP_DELAY_MS);
    return () => {
      if (pending.current) clearTimeout(pending.current);
    };
  }, [fileID, positionX, positionY, dataProvider, getValues, notify, onCropping, setValue]);

  if (!isUploaded(image)) return null;
  const ratio = BANNER_IMAGE_RULES.cropAspectRatio ?? 4;
  const slider = (source: 'positionX' | 'positionY', label: string, value: number) => (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography sx={{ minWidth: 160 }} id={`${source}-label`}>
        {translate(label)}
      </Typography>
      <Slider
        value={value}
        min={0}
        max={100}
        aria-labelledby={`${source}-label`}
        valueLabelDisplay="auto"
        onChange={(_event, next) => setValue(source, next as number, { shouldDirty: true })}
      />
    </Stack>
  );
  return (
    <Box sx={{ my: 2 }} role="group" aria-labelledby="cover-label" data-testid="cover-cropper">
      <FormLabel id="cover-label">{translate('banners.form.cover')}</FormLabel>
      <Box
        component="img"
        src={image.fileBigImage ?? image.filePath}
        alt={translate('banners.form.cover')}
        sx={{ display: 'block', width: '100%', aspectRatio: String(ratio), objectFit: 'cover', objectPosition: `${positionX}% ${positionY}%`, border: 1, borderColor: 'divider', mt: 1 }}
      />
      {slider('positionX', 'banners.form.cover_x', positionX)}
      {slider('positionY', 'banners.form.cover_y', positionY)}
    </Box>
  );
}

/** A progress bar while the crop is being stored. */
export function CroppingProgress({ cropping }: { cropping: boolean }) {
  const translate = useTranslate();
  return cropping ? <LinearProgress aria-label={translate('banners.form.cropping')} /> : null;
}
