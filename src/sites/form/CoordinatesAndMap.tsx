/**
 * Coordinates and the map, for any form with a latitude and a longitude (the site form; step 2 of the public request
 * wizard): a click or a dragged marker writes them, typed ones move the marker. The map opens on Colombia at zoom 5,
 * or on the initial coordinates at zoom 7 (spec 01 §9); Leaflet loads in a chunk of its own.
 */
import { Suspense, useCallback, useMemo } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { NumberInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { initialMapView, markerPosition } from '../../../resources/siteForm';
import { lazyComponent } from '../../shared/lazyComponent';
import { useClientConfig } from './useClientConfig';

/** Leaflet and react-leaflet: a chunk of their own, asked for when the form opens. */
const SiteMap = lazyComponent(() => import('./SiteMap').then((module) => module.default));

export interface CoordinatesAndMapProps {
  latitude: { source: string; label: string };
  longitude: { source: string; label: string };
  /** The stored coordinates the map opens on (an existing site), if any. */
  initial?: { latitude?: unknown; longitude?: unknown };
}

export function CoordinatesAndMap({ latitude, longitude, initial }: CoordinatesAndMapProps) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [typedLatitude, typedLongitude] = useWatch({ name: [latitude.source, longitude.source] }) as [unknown, unknown];
  const config = useClientConfig();
  const view = useMemo(() => initialMapView(initial?.latitude, initial?.longitude), [initial?.latitude, initial?.longitude]);
  const position = useMemo(() => markerPosition(typedLatitude, typedLongitude), [typedLatitude, typedLongitude]);
  const onPick = useCallback(
    (lat: number, lng: number) => {
      setValue(latitude.source, lat, { shouldDirty: true, shouldValidate: true });
      setValue(longitude.source, lng, { shouldDirty: true, shouldValidate: true });
    },
    [setValue, latitude.source, longitude.source],
  );
  return (
    <>
      <Stack direction="row" spacing={2}>
        <NumberInput source={latitude.source} label={latitude.label} min={-90} max={90} fullWidth />
        <NumberInput source={longitude.source} label={longitude.label} min={-180} max={180} fullWidth />
      </Stack>
      <Box sx={{ mt: 1 }}>
        <Suspense fallback={<Typography variant="body2">{translate('sites.form.map_loading')}</Typography>}>
          <SiteMap
            center={view.center}
            zoom={view.zoom}
            position={position}
            tileUrl={config === undefined ? undefined : (config?.tileUrl ?? null)}
            onPick={onPick}
          />
        </Suspense>
      </Box>
    </>
  );
}
