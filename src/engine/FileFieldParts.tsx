/**
 * The list cell and the form input of `file` / `image` fields (resources/fieldKinds.ts). The value is the upload's
 * answer (`{ fileID, filePath, name, thumbnail, … }`, dataProvider/upload.ts): the input uploads through the files
 * service with a progress bar, shows the current file (an image's thumbnail) and removes it; the cell shows the
 * thumbnail with the file's name as alt text, or the name as a link that downloads the file with the session's token.
 */
import { Box, Button, FormHelperText, FormLabel, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { useDataProvider, useInput, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { PortalesDataProvider } from '../../dataProvider';
import type { UploadedFile } from '../../dataProvider/upload';
import { imageDimensionFailure, imageRulesOf, imageSizeFailure, type ImageRuleFailure } from '../../resources/imageRules';
import type { FieldDeclaration } from '../../resources/types';
import { saveBlob } from '../shared/download';

const isUploaded = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && typeof (value as UploadedFile).fileID === 'string';

/** Downloads a stored file with the session's token (a plain link cannot send it). */
function useDownload() {
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const notify = useNotify();
  return async (file: UploadedFile) => {
    try {
      const { json } = await dataProvider.request<Blob>(file.filePath, { withoutPrefix: true, responseType: 'blob' });
      saveBlob(json, file.name);
    } catch {
      notify('engine.file.download_error', { type: 'error' });
    }
  };
}

/** The pixel size of an image file as the browser decodes it; null when it cannot (the server then decides). */
export function readImageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => done(null);
    image.src = url;
  });
}

/**
 * The element type's declared image rules (resources/imageRules.ts), checked before uploading: the format by the name,
 * the size, the dimensions as the browser reads them. The server checks the content again; null when none is broken.
 */
export async function imageRuleFailureOf(elementType: string | undefined, file: File): Promise<ImageRuleFailure | null> {
  const rules = imageRulesOf(elementType);
  if (!rules) return null;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!rules.extensions.includes(extension)) return { key: 'files.errors.wrong_type', values: {} };
  const size = imageSizeFailure(rules, file.size);
  if (size) return size;
  const dimensions = await readImageSize(file);
  return dimensions ? imageDimensionFailure(rules, dimensions.width, dimensions.height) : null;
}

function Thumbnail({ file, size }: { file: UploadedFile; size: number }) {
  return <Box component="img" src={file.thumbnail ?? file.filePath} alt={file.name} sx={{ maxHeight: size, maxWidth: size * 2, objectFit: 'contain', display: 'block' }} />;
}

export function FileName({ file }: { file: UploadedFile }) {
  const download = useDownload();
  return (
    <Link component="button" type="button" onClick={() => void download(file)} sx={{ textAlign: 'left' }}>
      {file.name}
    </Link>
  );
}

export function FileCell({ field }: { field: FieldDeclaration }) {
  const record = useRecordContext();
  const value = record?.[field.source];
  if (!isUploaded(value)) return null;
  return field.type === 'image' ? <Thumbnail file={value} size={40} /> : <FileName file={value} />;
}

/** What the file chooser offers: the declared image formats, any image, or anything. */
function acceptOf(field: FieldDeclaration): string | undefined {
  const rules = imageRulesOf(field.elementType);
  if (rules) return rules.extensions.map((extension) => `.${extension}`).join(',');
  return field.type === 'image' ? 'image/*' : undefined;
}

export function FileUploadInput({ field, compact }: { field: FieldDeclaration; compact: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const { field: input, fieldState } = useInput({ source: field.source });
  const [progress, setProgress] = useState<number | null>(null);
  const labelId = useId();
  const value = isUploaded(input.value) ? input.value : null;
  const label = translate(field.label);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = await imageRuleFailureOf(field.elementType, file);
    if (refused) {
      notify(refused.key, { type: 'error', messageArgs: refused.values });
      return;
    }
    setProgress(0);
    try {
      input.onChange(await dataProvider.upload<UploadedFile>(`elementType=${field.elementType ?? ''}`, file, setProgress));
    } catch (error) {
      const message = (error as { message?: string }).message || 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box role="group" aria-labelledby={labelId} sx={{ my: compact ? 0 : 1 }}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
        {value ? field.type === 'image' ? <Thumbnail file={value} size={64} /> : <FileName file={value} /> : <Typography color="text.secondary">{translate('engine.file.none')}</Typography>}
        <Button component="label" size="small" variant="outlined" disabled={progress !== null}>
          {translate(value ? 'engine.file.replace' : 'engine.file.upload')}
          <input hidden type="file" aria-label={label} accept={acceptOf(field)} onChange={(event) => void onFile(event)} />
        </Button>
        {value && (
          <Button size="small" onClick={() => input.onChange(null)} disabled={progress !== null}>
            {translate('engine.file.remove')}
          </Button>
        )}
      </Stack>
      {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label={translate('engine.file.uploading')} sx={{ mt: 1 }} />}
      <FieldError error={fieldState.error} />
    </Box>
  );
}

const uploadedList = (value: unknown): UploadedFile[] => (Array.isArray(value) ? value.filter(isUploaded) : []);

/** `files` fields: each file's name, downloading it with the session's token. */
export function FilesCell({ field }: { field: FieldDeclaration }) {
  const record = useRecordContext();
  const value = uploadedList(record?.[field.source]);
  if (value.length === 0) return null;
  return (
    <Stack component="span" spacing={0.5}>
      {value.map((file) => (
        <FileName key={file.fileID} file={file} />
      ))}
    </Stack>
  );
}

/** `files` fields: uploads one file at a time (progress bar) into the list; each listed file can be removed. */
export function FilesUploadInput({ field, compact }: { field: FieldDeclaration; compact: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const { field: input, fieldState } = useInput({ source: field.source, defaultValue: [] });
  const [progress, setProgress] = useState<number | null>(null);
  const labelId = useId();
  const value = uploadedList(input.value);
  const label = translate(field.label);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProgress(0);
    try {
      const uploaded = await dataProvider.upload<UploadedFile>(`elementType=${field.elementType ?? ''}`, file, setProgress);
      input.onChange([...value, uploaded]);
    } catch (error) {
      const message = (error as { message?: string }).message || 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box role="group" aria-labelledby={labelId} sx={{ my: compact ? 0 : 1 }}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <Stack spacing={0.5} sx={{ mt: 0.5 }}>
        {value.map((file) => (
          <Stack key={file.fileID} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FileName file={file} />
            <Button size="small" onClick={() => input.onChange(value.filter((other) => other.fileID !== file.fileID))} disabled={progress !== null}>
              {translate('engine.file.remove')}
            </Button>
          </Stack>
        ))}
        <Box>
          <Button component="label" size="small" variant="outlined" disabled={progress !== null}>
            {translate('engine.file.attach')}
            <input hidden type="file" aria-label={label} onChange={(event) => void onFile(event)} />
          </Button>
        </Box>
      </Stack>
      {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label={translate('engine.file.uploading')} sx={{ mt: 1 }} />}
      <FieldError error={fieldState.error} />
    </Box>
  );
}

/**
 * A file input's error: a server refusal (a text) or the form's validation, which react-admin hands over as
 * `{ message, args }` (a text itself would render the object and break the page).
 */
function FieldError({ error }: { error?: { message?: unknown } }) {
  const translate = useTranslate();
  const raw = error?.message;
  const message = raw && typeof raw === 'object' ? (raw as { message?: unknown }).message : raw;
  if (typeof message !== 'string' || message === '') return null;
  return <FormHelperText error>{translate(message, { _: message })}</FormHelperText>;
}

