import { localeEntry } from '@codedrop/contract';
import { I18nProvider } from '@lingui/react';
import { use, useEffect, type ReactNode } from 'react';
import { loadLocale } from '../lib/i18n/catalogs';
import { LocaleContext } from '../lib/i18n/locale-context';
import { useVisitorLocale } from '../lib/i18n/visitor-locale';

/**
 * Everything under it speaks `locale`: its messages (loaded before the first render by
 * main.tsx and the prerender, and on a change of language by the transition that made it),
 * and the document's `lang` and `dir`.
 */
export function LocaleScope({ locale, children }: { locale: string; children: ReactNode }) {
  const i18n = use(loadLocale(locale));
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = localeEntry(locale).dir;
  }, [locale]);
  return (
    <LocaleContext value={locale}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LocaleContext>
  );
}

/** A page whose address names no language (`/{code}`): the visitor's (lib/i18n/visitor-locale). */
export function VisitorLocaleScope({ children }: { children: ReactNode }) {
  return <LocaleScope locale={useVisitorLocale()}>{children}</LocaleScope>;
}
