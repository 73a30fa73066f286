/**
 * The site form's map (spec 01 'Site detail': the form is a modal with a map; §9 centre and zooms): Leaflet through
 * react-leaflet, in a chunk of its own loaded with the form. A click or a dragged marker sets the coordinates; typed
 * coordinates move the marker. Tiles come from the server's TILE_URL; when they cannot load, a note says so and the
 * coordinates stay editable (STACK-NOTES pitfall 4).
 */
import { useEffect, useMemo, useState } from 'react';
import L, { type LeafletMouseEvent } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { roundCoordinate } from '../../../resources/siteForm';

// Under Vite the default icon's URLs 404: point them at the bundled images.
delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

export interface SiteMapProps {
  /** Where the map opens (initialMapView). */
  center: [number, number];
  zoom: number;
  /** The marker, from the typed coordinates; null while they are incomplete. */
  position: [number, number] | null;
  /** undefined while the tile template is not known yet, null when the server did not give one. */
  tileUrl: string | null | undefined;
  onPick: (latitude: number, longitude: number) => void;
}

function ClickToPick({ onPick }: { onPick: SiteMapProps['onPick'] }) {
  useMapEvents({ click: (event: LeafletMouseEvent) => onPick(roundCoordinate(event.latlng.lat), roundCoordinate(event.latlng.lng)) });
  return null;
}

/** Typed coordinates outside the visible area bring the map to them. */
function FollowPosition({ position }: { position: [number, number] | null }) {
  const map = useMap();
  const lat = position?.[0];
  const lng = position?.[1];
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

export default function SiteMap({ center, zoom, position, tileUrl, onPick }: SiteMapProps) {
  const translate = useTranslate();
  const [tilesFailed, setTilesFailed] = useState(false);
  const markerEvents = useMemo(
    () => ({
      dragend: (event: L.DragEndEvent) => {
        const { lat, lng } = (event.target as L.Marker).getLatLng();
        onPick(roundCoordinate(lat), roundCoordinate(lng));
      },
    }),
    [onPick],
  );
  return (
    <>
      {/* MapContainer passes no DOM attributes: the region around it carries the name. */}
      <div role="region" aria-label={translate('sites.form.map_label')} data-testid="site-map">
      <MapContainer center={center} zoom={zoom} style={{ height: 280, width: '100%' }}>
        {tileUrl ? <TileLayer url={tileUrl} eventHandlers={{ tileerror: () => setTilesFailed(true) }} /> : null}
        <ClickToPick onPick={onPick} />
        <FollowPosition position={position} />
        {position ? <Marker position={position} draggable eventHandlers={markerEvents} /> : null}
      </MapContainer>
      </div>
      {tilesFailed || tileUrl === null ? (
        <Typography variant="caption" color="text.secondary" role="status">
          {translate('sites.form.map_tiles_failed')}
        </Typography>
      ) : null}
    </>
  );
}
