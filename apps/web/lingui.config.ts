import { formatter } from '@lingui/format-po';
import type { LinguiConfig } from '@lingui/conf';
import { locales, sourceLocale } from '../../packages/contract/src/locales';

/**
 * The message catalogs (docs/translations.md): one PO file per locale under src/locales/,
 * extracted from the source's English by `npm run i18n:extract -w apps/web`. The console
 * (features/admin) is for operators and stays English.
 */
const config: LinguiConfig = {
  locales: [...locales],
  sourceLocale,
  fallbackLocales: { default: sourceLocale },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/features/admin/**', '**/test-support/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
};

export default config;
