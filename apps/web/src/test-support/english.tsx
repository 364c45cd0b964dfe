import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { messages } from '../locales/en.po';

/** The source locale's catalog, as the pages load it (lib/i18n/catalogs.ts). */
export const englishI18n = setupI18n({ locale: 'en', messages: { en: messages } });

/** What every component test renders inside (test-setup.ts), as the app renders its pages. */
export function English({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={englishI18n}>{children}</I18nProvider>;
}
