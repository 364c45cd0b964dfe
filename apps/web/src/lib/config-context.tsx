import { configDefaults, type PublicConfig } from '@codedrop/contract';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

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
    // The API client and its validator load here, after the first render, rather than
    // with the page: the defaults above are what the page renders with anyway.
    void import('./api/shares-api')
      .then(({ getConfig }) => getConfig(controller.signal))
      .then((result) => {
        if (result.ok) setConfig(result.data);
      });
    return () => controller.abort();
  }, []);
  return <ConfigContext value={config}>{children}</ConfigContext>;
}

export function useConfig(): PublicConfig {
  return useContext(ConfigContext);
}
