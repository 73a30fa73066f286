/**
 * A backup's download (spec 01 §7: `GET /download/{x}/token`, then `GET /download/{hash}?token=` outside /api/v1): asks
 * a single-use token by the backup's id (the summary) or its download hash (the download page), then sends the browser
 * to the file, which the server answers as an attachment (the page stays). The file never passes through the page's
 * memory, whatever its size.
 */
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PortalesDataProvider } from '../../../dataProvider';
import { tokenFailureKey } from './backupRules';

export interface DownloadToken {
  token: string;
  hash: string;
  url: string;
  expiresIn: number;
}

export type DownloadState = { step: 'idle' } | { step: 'preparing' } | { step: 'started' } | { step: 'failed'; messageKey: ReturnType<typeof tokenFailureKey> };

/** Where the browser goes for the file; replaced in component tests (jsdom cannot navigate). */
export const browserNavigation = { assign: (url: string) => window.location.assign(url) };

export function useBackupDownload(): { state: DownloadState; download: (idOrHash: number | string) => Promise<DownloadState> } {
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const [state, setState] = useState<DownloadState>({ step: 'idle' });

  const download = async (idOrHash: number | string): Promise<DownloadState> => {
    setState({ step: 'preparing' });
    let next: DownloadState;
    try {
      const { json } = await dataProvider.request<DownloadToken>(`/download/${encodeURIComponent(String(idOrHash))}/token`);
      browserNavigation.assign(json.url);
      next = { step: 'started' };
    } catch (error) {
      next = { step: 'failed', messageKey: tokenFailureKey(error) };
    }
    setState(next);
    return next;
  };

  return { state, download };
}
