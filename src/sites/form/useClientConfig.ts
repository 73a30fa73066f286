/**
 * The server's run-time settings for the browser (GET /clientconfig/: the map tile template from TILE_URL),
 * asked once per page load and shared by every map. Without an answer the map draws no tiles but stays usable.
 */
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PortalesDataProvider } from '../../../dataProvider';

export interface ClientConfig {
  tileUrl: string;
}

let loading: Promise<ClientConfig | null> | undefined;

function loadClientConfig(dataProvider: PortalesDataProvider): Promise<ClientConfig | null> {
  // Through an async function, so that a provider without `request` (a test's) is a failed answer, not a thrown error.
  loading ??= (async () => dataProvider.request<ClientConfig>('/clientconfig/'))()
    .then((response) => (response.json && typeof response.json.tileUrl === 'string' ? response.json : null))
    .catch(() => {
      loading = undefined; // asked again by the next map
      return null;
    });
  return loading;
}

/** undefined while asking, null when the server did not answer. */
export function useClientConfig(): ClientConfig | null | undefined {
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const [config, setConfig] = useState<ClientConfig | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void loadClientConfig(dataProvider).then((value) => {
      if (current) setConfig(value);
    });
    return () => {
      current = false;
    };
  }, [dataProvider]);
  return config;
}
