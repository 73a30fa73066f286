/**
 * The banner's cover cropper (src/banners/CoverCropper.tsx, spec 02 §2, §9): the crop of an uploaded image is stored
 * 800 ms after the last move of the cover position, once for a burst of moves, and becomes the form's `cover`; an opened
 * banner's stored crop is not asked again until the user moves it.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Form } from 'ra-core';
import { AdminContext, type DataProvider } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import { CoverCropper, CROP_DELAY_MS } from '../../src/banners/CoverCropper';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

interface Call {
  path: string;
  body: unknown;
}

const uploaded = (fileID: string) => ({ fileID, filePath: `/api/v1/files/${fileID}`, isImage: true, name: `${fileID}.png`, thumbnail: null, fileBigImage: null });

function fakeDataProvider(calls: Call[]): DataProvider {
  return {
    ...unusedDataProvider,
    request: async (path: string, options: { body?: unknown }) => {
      calls.push({ path, body: options.body });
      return { status: 201, headers: new Headers(), body: '', json: uploaded(`recorte-${calls.length}`) };
    },
  } as unknown as DataProvider;
}

function CurrentCover() {
  const cover = useWatch({ name: 'cover' }) as { fileID?: string } | null;
  return <output data-testid="cover">{cover?.fileID ?? ''}</output>;
}

function renderCropper(record: Record<string, unknown>, calls: Call[], onCropping: (cropping: boolean) => void = () => undefined) {
  return render(
    <AdminContext dataProvider={fakeDataProvider(calls)} i18nProvider={i18nProvider}>
      <Form record={record} onSubmit={() => undefined}>
        <CoverCropper onCropping={onCropping} />
        <CurrentCover />
      </Form>
    </AdminContext>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const move = (name: string, value: number) => fireEvent.change(screen.getByRole('slider', { name }), { target: { value } });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CoverCropper', () => {
  it('stores the crop of a new image 800 ms after it, and once after a burst of moves', async () => {
    const calls: Call[] = [];
    const cropping: boolean[] = [];
    renderCropper({ image: uploaded('original'), positionX: 50, positionY: 50, cover: null }, calls, (value) => cropping.push(value));
    await advance(CROP_DELAY_MS - 1);
    expect(calls).toEqual([]);
    await advance(1);
    expect(calls).toEqual([{ path: '/uploadfiles/original/crop', body: { positionX: 50, positionY: 50 } }]);
    expect(screen.getByTestId('cover').textContent).toBe('recorte-1');

    move('Posición vertical', 60);
    await advance(300);
    move('Posición vertical', 80);
    await advance(300);
    move('Posición horizontal', 10);
    await advance(CROP_DELAY_MS - 1);
    expect(calls).toHaveLength(1);
    await advance(1);
    expect(calls.slice(1)).toEqual([{ path: '/uploadfiles/original/crop', body: { positionX: 10, positionY: 80 } }]);
    expect(screen.getByTestId('cover').textContent).toBe('recorte-2');
    expect(cropping.at(-1)).toBe(false);
  });

  it('does not ask again for an opened banner’s stored crop, only after a move', async () => {
    const calls: Call[] = [];
    renderCropper({ bannerID: 4, image: uploaded('original'), positionX: 20, positionY: 30, cover: uploaded('guardado') }, calls);
    await advance(CROP_DELAY_MS * 3);
    expect(calls).toEqual([]);
    expect(screen.getByTestId('cover').textContent).toBe('guardado');
    move('Posición horizontal', 25);
    await advance(CROP_DELAY_MS);
    expect(calls).toEqual([{ path: '/uploadfiles/original/crop', body: { positionX: 25, positionY: 30 } }]);
  });

  it('shows nothing without an uploaded image', async () => {
    const calls: Call[] = [];
    renderCropper({ image: null, positionX: 50, positionY: 50 }, calls);
    await advance(CROP_DELAY_MS * 2);
    expect(calls).toEqual([]);
    expect(screen.queryByRole('slider')).toBeNull();
  });
});
