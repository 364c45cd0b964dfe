import { localeEntries, localizedPath, splitLocalePath, sourceLocale } from '@codedrop/contract';
import { useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { startTransition, useId, type ChangeEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cn } from '../lib/cn';
import { loadLocale } from '../lib/i18n/catalogs';
import { useLocale } from '../lib/i18n/locale-context';
import { saveLocale } from '../lib/i18n/saved-locale';
import { siteLocales } from '../lib/i18n/site-locales';
import { setVisitorLocale } from '../lib/i18n/visitor-locale';
import { useInteractive } from '../lib/interactive';

/**
 * Switches to the same page in another language and remembers the choice in this browser
 * (a `/{code}` link, which names no language, opens in it next time). Each language is
 * listed by its own name.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const locale = useLocale();
  const { t } = useLingui();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const interactive = useInteractive();
  const id = useId();

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = event.target.value;
    saveLocale(chosen);
    const address = splitLocalePath(pathname, siteLocales);
    // An English address of a code speaks the visitor's language: it stays where it is.
    const codeLink = address.locale === sourceLocale && /^\/\d+$/.test(address.path);
    void loadLocale(chosen).then(() => {
      startTransition(() => {
        if (codeLink) setVisitorLocale(chosen);
        else void navigate(`${localizedPath(chosen, address.path)}${search}${hash}`);
      });
    });
  };

  return (
    <div className={cn('flex items-center gap-2 text-sm text-slate-600', className)}>
      <Languages className="size-4 shrink-0" aria-hidden="true" />
      <label htmlFor={id} className="sr-only">
        {t`Language`}
      </label>
      <select
        id={id}
        value={locale}
        onChange={onChange}
        disabled={!interactive}
        className="rounded-md border border-slate-300 bg-white py-1 ps-2 pe-7 text-sm text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {localeEntries.map((entry) => (
          <option key={entry.code} value={entry.code} lang={entry.code} dir={entry.dir}>
            {entry.name}
          </option>
        ))}
      </select>
    </div>
  );
}
