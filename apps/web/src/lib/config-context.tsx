import { configDefaults, type PublicConfig } from '@codedrop/contract';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { isPublicConfig } from './config-shape';

/** The server's defaults (the contract's), used until GET /api/config answers. */
export const defaultConfig: PublicConfig = {
  ...configDefaults,
  expiryChoicesSeconds: [...configDefaults.expiryChoicesSeconds],
  downloadLimit: { ...configDefaults.downloadLimit },
};

const ConfigContext = createContext<PublicConfig>(defaultConfig);

/** Loads the server's limits once for the whole app. */
export function ConfigProvider({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<PublicConfig>(defaultConfig);
  useEffect(() => {
    const controller = new AbortController();
    // A failed or odd answer keeps the defaults, which are what the page rendered with.
    fetch('/api/config', { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => {
        if (isPublicConfig(body)) setConfig(body);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return <ConfigContext value={config}>{children}</ConfigContext>;
}

export function useConfig(): PublicConfig {
  return useContext(ConfigContext);
}
