import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A PO string literal's value ("a\"b" → a"b). */
const unquote = (literal: string) => JSON.parse(literal) as string;

/** English source → translation, read from apps/web/src/locales/{locale}.po. */
function readCatalog(locale: string): Map<string, string> {
  const file = fileURLToPath(new URL(`../../src/locales/${locale}.po`, import.meta.url));
  const entries = new Map<string, string>();
  for (const block of readFileSync(file, 'utf8').split(/\n\s*\n/)) {
    const field = (name: string) => {
      const match = new RegExp(`^${name} ((?:".*"\\n?)+)`, 'm').exec(`${block}\n`);
      return match?.[1]
        ?.trim()
        .split('\n')
        .map((line) => unquote(line.trim()))
        .join('');
    };
    const source = field('msgid');
    const translation = field('msgstr');
    if (source && translation && !block.includes('#~')) entries.set(source, translation);
  }
  return entries;
}

/**
 * The words a page in `locale` shows for an English message, as the catalog has them, with
 * simple placeholders filled in: `say('Generate {codeTitle}', { codeTitle: '…' })`.
 */
export function wordsOf(locale: string) {
  const catalog = readCatalog(locale);
  return (source: string, values: Record<string, string | number> = {}): string => {
    const translation = catalog.get(source);
    if (translation === undefined) throw new Error(`${locale}: no message "${source}"`);
    return translation.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
}
