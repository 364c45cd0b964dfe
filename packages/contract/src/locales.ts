/**
 * The languages the site speaks (docs/translations.md). English is the source: its pages
 * live at `/…`, every other locale's at `/{locale}/…`.
 */
export const sourceLocale = 'en';

interface LocaleEntry {
  /** BCP 47 tag, as in the page's address, `lang` and `hreflang`. */
  code: string;
  /** The language's name in itself, for the language picker. */
  name: string;
  dir: 'ltr' | 'rtl';
}

const ltr = (code: string, name: string): LocaleEntry => ({ code, name, dir: 'ltr' });
const rtl = (code: string, name: string): LocaleEntry => ({ code, name, dir: 'rtl' });

export const localeEntries: readonly LocaleEntry[] = [
  ltr('en', 'English'),
  rtl('ar', 'العربية'),
  ltr('bg', 'Български'),
  ltr('bn', 'বাংলা'),
  ltr('ca', 'Català'),
  ltr('cs', 'Čeština'),
  ltr('da', 'Dansk'),
  ltr('de', 'Deutsch'),
  ltr('el', 'Ελληνικά'),
  ltr('es', 'Español'),
  rtl('fa', 'فارسی'),
  ltr('fi', 'Suomi'),
  ltr('fr', 'Français'),
  rtl('he', 'עברית'),
  ltr('hi', 'हिन्दी'),
  ltr('hr', 'Hrvatski'),
  ltr('hu', 'Magyar'),
  ltr('id', 'Bahasa Indonesia'),
  ltr('it', 'Italiano'),
  ltr('ja', '日本語'),
  ltr('ko', '한국어'),
  ltr('lt', 'Lietuvių'),
  ltr('ms', 'Bahasa Melayu'),
  ltr('nb', 'Norsk bokmål'),
  ltr('nl', 'Nederlands'),
  ltr('pl', 'Polski'),
  ltr('pt-BR', 'Português (Brasil)'),
  ltr('pt-PT', 'Português (Portugal)'),
  ltr('ro', 'Română'),
  ltr('ru', 'Русский'),
  ltr('sk', 'Slovenčina'),
  ltr('sl', 'Slovenščina'),
  ltr('sr', 'Српски'),
  ltr('sv', 'Svenska'),
  ltr('th', 'ไทย'),
  ltr('tr', 'Türkçe'),
  ltr('uk', 'Українська'),
  rtl('ur', 'اردو'),
  ltr('vi', 'Tiếng Việt'),
  ltr('zh-CN', '简体中文'),
  ltr('zh-TW', '繁體中文'),
];

export const locales: readonly string[] = localeEntries.map((entry) => entry.code);

/**
 * A development-only locale: English accented and made longer, to see what text would be cut
 * off or overflow in a longer language (docs/translations.md). Never built for visitors.
 */
export const pseudoLocale = 'en-XA';

/** The locales whose content pages (home, about, how it works, FAQ, guides) are translated. */
export const contentLocales: readonly string[] = [
  'en',
  'ar',
  'de',
  'es',
  'fr',
  'it',
  'ja',
  'ko',
  'nl',
  'pl',
  'pt-BR',
  'ru',
  'zh-CN',
];

export function isLocale(value: string): boolean {
  return locales.includes(value);
}

export function localeEntry(code: string): LocaleEntry {
  return localeEntries.find((entry) => entry.code === code) ?? localeEntries[0]!;
}

/** A page's address in a locale: `/clipboard` → `/de/clipboard`, `/` → `/de`. */
export function localizedPath(locale: string, path: string): string {
  if (locale === sourceLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The locale a path names and the page path under it: `/de/faq` → de, `/faq`. */
export function splitLocalePath(
  path: string,
  known: readonly string[] = locales,
): { locale: string; path: string } {
  const match = /^\/([A-Za-z]{2}(?:-[A-Za-z]{2})?)(\/.*)?$/.exec(path);
  if (match !== null && match[1] !== sourceLocale && known.includes(match[1]!)) {
    return { locale: match[1]!, path: match[2] === undefined || match[2] === '' ? '/' : match[2] };
  }
  return { locale: sourceLocale, path };
}

/** Languages a tag stands for when no locale has it exactly (`pt` → pt-BR, `no` → nb). */
const nearest: Record<string, string> = {
  pt: 'pt-BR',
  zh: 'zh-CN',
  'zh-hk': 'zh-TW',
  'zh-mo': 'zh-TW',
  'zh-hant': 'zh-TW',
  'zh-hans': 'zh-CN',
  no: 'nb',
  nn: 'nb',
  iw: 'he',
  in: 'id',
};

/** The locale that best matches one language tag, if any does. */
export function matchLocale(tag: string): string | undefined {
  const lower = tag.trim().toLowerCase();
  if (lower === '') return undefined;
  const exact = locales.find((code) => code.toLowerCase() === lower);
  if (exact !== undefined) return exact;
  const parts = lower.split('-');
  for (let length = parts.length; length >= 1; length -= 1) {
    const near = nearest[parts.slice(0, length).join('-')];
    if (near !== undefined) return near;
  }
  const language = parts[0]!;
  return locales.find((code) => code.toLowerCase() === language);
}

/**
 * The locale an `Accept-Language` header prefers (RFC 9110 §12.5.4): languages by quality,
 * each matched exactly, then by its language alone; English when none is spoken here.
 */
export function negotiateLocale(header: string | undefined): string {
  if (header === undefined || header === '') return sourceLocale;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = matchLocale(tag);
    if (locale !== undefined) return locale;
  }
  return sourceLocale;
}
