import { configDefaults, getConfigEndpoint, type PublicConfig } from '@codedrop/contract';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { isPublicConfig } from './config-shape';

/** The server's defaults (the contract's), used until GET /api/config answers. */
export const defaultConfig: PublicConfig = {
  ...configDefaults,
  expiryChoicesSeconds: [...configDefaults.expiryChoicesSeconds],
  downloadLimit: { ...configDefaults.downloadLimit },
};

const ConfigContext = createContext<PublicConfig>(defaultConfig);
/** Whether the limits in ConfigContext are final. Without a provider the defaults are. */
const ConfigSettledContext = createContext(true);

/**
 * GET /api/config; null when it fails or answers something odd (the defaults stand). Only
 * the endpoint's path is read: the first load builds no schema and loads no zod.
 */
function requestConfig(): Promise<PublicConfig | null> {
  return fetch(getConfigEndpoint.path, { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: unknown) => (isPublicConfig(body) ? body : null))
    .catch(() => null);
}

let early: Promise<PublicConfig | null> | undefined;

/**
 * Asks for the configuration at once, before the app renders (main.tsx): the provider would
 * ask only after the first paint, and a file picked meanwhile would be held to the defaults.
 */
export function prefetchConfig(): void {
  early ??= requestConfig();
}

/** Deep equality of two JSON values, whatever the order of their keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** Loads the server's limits once for the whole app. */
export function ConfigProvider({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<PublicConfig>(defaultConfig);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let current = true;
    const request = early ?? requestConfig();
    early = undefined;
    void request.then((answer) => {
      if (!current) return;
      // The same limits as the defaults (a server left as shipped): every part of the page
      // that reads them would render again for nothing, just as the page has started.
      if (answer !== null && !sameValue(answer, defaultConfig)) setConfig(answer);
      setSettled(true);
    });
    return () => {
      current = false;
    };
  }, []);
  return (
    <ConfigContext value={config}>
      <ConfigSettledContext value={settled}>{children}</ConfigSettledContext>
    </ConfigContext>
  );
}

export function useConfig(): PublicConfig {
  return useContext(ConfigContext);
}

/** False until GET /api/config has answered (or failed): the limits may still change. */
export function useConfigSettled(): boolean {
  return useContext(ConfigSettledContext);
}
