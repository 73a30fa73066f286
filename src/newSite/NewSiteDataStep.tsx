/**
 * Step 2: the new site's data with the site form's rules, and the URL checked live (GET /allowurl/, debounced).
 * The seat's coordinates with the site form's map (typed, clicked or dragged).
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { NEW_SITE_URL_CHECK_DELAY_MS } from '../../resources/newSiteRequest';
import { isFullHttpUrl } from '../../resources/siteForm';
import { useText } from '../shared/useText';
import { CoordinatesAndMap } from '../sites/form/CoordinatesAndMap';
import { urlIsFree } from './newSiteApi';

type UrlState = 'idle' | 'checking' | 'available' | 'used';

export function NewSiteDataStep() {
  const text = useText();
  const { setError, clearErrors } = useFormContext();
  const url = useWatch({ name: 'site.allowedUrl' }) as string | undefined;
  const [state, setState] = useState<UrlState>('idle');

  useEffect(() => {
    const candidate = url?.trim() ?? '';
    if (!isFullHttpUrl(candidate)) {
      setState('idle');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState('checking');
      urlIsFree(candidate, controller.signal).then(
        (free) => {
          setState(free ? 'available' : 'used');
          if (free) clearErrors('site.allowedUrl');
          else setError('site.allowedUrl', { type: 'server', message: 'newSite.url.used' });
        },
        () => setState('idle'),
      );
    }, NEW_SITE_URL_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, setError, clearErrors]);

  const urlHelp = state === 'checking' ? 'newSite.url.checking' : state === 'available' ? 'newSite.url.available' : false;
  return (
    <Stack spacing={1}>
      <TextInput source="site.name" label="newSite.fields.name" fullWidth />
      <TextInput source="site.allowedUrl" label="newSite.fields.allowedUrl" fullWidth helperText={urlHelp} placeholder="https://" />
      <Typography variant="body2" aria-live="polite" sx={{ position: 'absolute', left: -10000 }}>
        {state === 'used' ? text('newSite.url.used') : urlHelp ? text(urlHelp) : ''}
      </Typography>
      <TextInput source="site.address" label="newSite.fields.address" fullWidth />
      <Typography color="text.secondary" variant="body2">
        {text('newSite.map_note')}
      </Typography>
      <CoordinatesAndMap
        latitude={{ source: 'site.latitude', label: 'newSite.fields.latitude' }}
        longitude={{ source: 'site.longitude', label: 'newSite.fields.longitude' }}
      />
    </Stack>
  );
}
