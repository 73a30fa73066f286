/**
 * Part of step 4: the request's supporting documents, each uploaded at once with its progress (POST
 * /newsite/uploadfiles/), and the request terms and data-treatment texts with their explicit acceptance.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { newUploadSession, REQUEST_FILES } from '../../resources/newSiteRequest';
import { useText } from '../shared/useText';
import { uploadRequestDocument, type RequestTerms } from './newSiteApi';

interface Uploading {
  key: number;
  name: string;
  percent: number;
}

export function DocumentsField({ onUploadingChange }: { onUploadingChange: (count: number) => void }) {
  const text = useText();
  const input = useRef<HTMLInputElement>(null);
  const { field, fieldState } = useController({ name: 'files', defaultValue: [] });
  const { clearErrors, getValues, setValue } = useFormContext();
  const files = (field.value ?? []) as Array<{ fileID: string; name: string }>;
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const latest = useRef(files);
  latest.current = files;
  const counter = useRef(0);

  const start = (chosen: FileList | null) => {
    setFailure(null);
    // One upload session for all the documents of this request, drawn with the first (resources/newSiteRequest.ts).
    let uploadSession = getValues('uploadSession') as string | undefined;
    if (!uploadSession) {
      uploadSession = newUploadSession();
      setValue('uploadSession', uploadSession);
    }
    for (const file of Array.from(chosen ?? [])) {
      counter.current += 1;
      const key = counter.current;
      setUploading((current) => {
        const next = [...current, { key, name: file.name, percent: 0 }];
        onUploadingChange(next.length);
        return next;
      });
      const done = () =>
        setUploading((current) => {
          const next = current.filter((item) => item.key !== key);
          onUploadingChange(next.length);
          return next;
        });
      uploadRequestDocument(file, uploadSession, (percent) => setUploading((current) => current.map((item) => (item.key === key ? { ...item, percent } : item)))).then(
        (uploaded) => {
          done();
          const next = [...latest.current, { fileID: uploaded.fileID, name: uploaded.name }];
          latest.current = next;
          field.onChange(next);
          clearErrors('files');
        },
        (error: { message?: string }) => {
          done();
          setFailure(error?.message || 'newSite.files.failed');
        },
      );
    }
    if (input.current) input.current.value = '';
  };

  const helpId = 'newsite-files-help';
  return (
    <FormControl error={fieldState.invalid} component="fieldset" fullWidth sx={{ mt: 2 }}>
      <Typography component="legend" variant="subtitle1">
        {text('newSite.fields.files')}
      </Typography>
      <Typography id={helpId} variant="body2" color="text.secondary">
        {text('newSite.files.help')}
      </Typography>
      <Box sx={{ my: 1 }}>
        <input ref={input} type="file" multiple hidden aria-hidden="true" tabIndex={-1} onChange={(event) => start(event.target.files)} data-testid="newsite-file-input" />
        <Button variant="outlined" startIcon={<UploadFileIcon />} aria-describedby={helpId} disabled={files.length + uploading.length >= REQUEST_FILES.max} onClick={() => input.current?.click()}>
          {text('newSite.files.choose')}
        </Button>
      </Box>
      {uploading.map((item) => (
        <Box key={item.key} sx={{ my: 1 }} role="status">
          <Typography variant="body2">{text('newSite.files.uploading', { name: item.name, percent: item.percent })}</Typography>
          <LinearProgress variant="determinate" value={item.percent} aria-label={text('newSite.files.uploading', { name: item.name, percent: item.percent })} />
        </Box>
      ))}
      {files.length === 0 && uploading.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {text('newSite.files.empty')}
        </Typography>
      ) : (
        <List dense>
          {files.map((file) => (
            <ListItem
              key={file.fileID}
              secondaryAction={
                <IconButton edge="end" aria-label={text('newSite.files.remove', { name: file.name })} title={text('newSite.files.remove', { name: file.name })} onClick={() => field.onChange(files.filter((other) => other.fileID !== file.fileID))}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={file.name} />
            </ListItem>
          ))}
        </List>
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {text(failure)}
        </Alert>
      )}
      {fieldState.error?.message && <FormHelperText>{text(fieldState.error.message)}</FormHelperText>}
    </FormControl>
  );
}

export function TermsAcceptance({ terms }: { terms: RequestTerms | null }) {
  const text = useText();
  const { field, fieldState } = useController({ name: 'termsAccepted', defaultValue: false });
  const { clearErrors } = useFormContext();
  if (!terms) return <Alert severity="error">{text('newSite.terms.load_failed')}</Alert>;
  const block = (title: string, body: { text: string; version: number }) => (
    <Paper variant="outlined" sx={{ p: 2, maxHeight: 180, overflow: 'auto' }} tabIndex={0} role="region" aria-label={text(title)}>
      <Typography variant="subtitle2" component="h3">
        {text(title)} · {text('newSite.terms.version', { version: body.version })}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {body.text}
      </Typography>
    </Paper>
  );
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      {block('newSite.terms.title', terms.terms)}
      {block('newSite.terms.data_treatment', terms.dataTreatment)}
      <FormControl error={fieldState.invalid}>
        <FormControlLabel
          control={
            <Checkbox
              checked={field.value === true}
              name="termsAccepted"
              onChange={(event) => {
                field.onChange(event.target.checked);
                if (event.target.checked) clearErrors('termsAccepted');
              }}
            />
          }
          label={text('newSite.fields.termsAccepted')}
        />
        {fieldState.error?.message && <FormHelperText>{text(fieldState.error.message)}</FormHelperText>}
      </FormControl>
    </Stack>
  );
}
