import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spanishMessages } from '../../../i18n/es';
import SiteMap from './SiteMap';

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

function renderMap(props: Partial<Parameters<typeof SiteMap>[0]> = {}) {
  const onPick = vi.fn();
  const view = render(
    <AdminContext i18nProvider={i18nProvider}>
      <SiteMap center={[4.5709, -74.2973]} zoom={5} position={null} tileUrl="https://teselas.test/{z}/{x}/{y}.png" onPick={onPick} {...props} />
    </AdminContext>,
  );
  return { onPick, ...view };
}

/** Leaflet itself in jsdom (no layout: only what does not need sizes). */
describe('SiteMap (Leaflet)', () => {
  afterEach(cleanup);

  it('draws tiles from the configured template and the marker with the bundled icon', async () => {
    const { container, rerender, onPick } = renderMap({ position: [6.25, -75.56] });
    await waitFor(() => expect(container.querySelector('img.leaflet-tile')).not.toBeNull());
    expect(container.querySelector('img.leaflet-tile')!.getAttribute('src')).toMatch(/^https:\/\/teselas\.test\/5\/\d+\/\d+\.png$/);
    const marker = container.querySelector('img.leaflet-marker-icon')!;
    expect(marker.getAttribute('src')).toMatch(/marker-icon/);
    expect(screen.getByTestId('site-map')).toHaveAttribute('aria-label', 'Mapa: haz clic o arrastra el marcador para ubicar la entidad');
    rerender(
      <AdminContext i18nProvider={i18nProvider}>
        <SiteMap center={[4.5709, -74.2973]} zoom={5} position={null} tileUrl="https://teselas.test/{z}/{x}/{y}.png" onPick={onPick} />
      </AdminContext>,
    );
    expect(container.querySelector('img.leaflet-marker-icon')).toBeNull();
  });

  it('says so when tiles fail, and when the server gave no tile template', async () => {
    const { container } = renderMap();
    await waitFor(() => expect(container.querySelector('img.leaflet-tile')).not.toBeNull());
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.error(container.querySelector('img.leaflet-tile')!);
    expect(await screen.findByRole('status')).toHaveTextContent('No se pudo cargar el mapa; puedes escribir la latitud y la longitud.');
    cleanup();
    const noTiles = renderMap({ tileUrl: null });
    expect(noTiles.container.querySelector('img.leaflet-tile')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('No se pudo cargar el mapa');
  });
});
