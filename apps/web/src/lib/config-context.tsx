import { downloadLimit, type PublicConfig } from '@codedrop/contract';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** The server's defaults (README.md#configuration), used until GET /api/config answers. */
export const defaultConfig: PublicConfig = {
  maxFileBytes: 50 * 1024 * 1024,
  maxTextChars: 100_000,
  maxNoteChars: 500_000,
  codeMinDigits: 4,
  codeMaxDigits: 6,
  expiryChoicesSeconds: [600, 3600, 21_600, 86_400],
  defaultExpirySeconds: 86_400,
  downloadLimit: { ...downloadLimit },
  unlockMaxFailures: 10,
  adsClientId: null,
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
