import { parse, type Token } from '@messageformat/parser';

/** One message of a locale's catalog, by its id. */
export interface CatalogMessage {
  translation: string;
  obsolete?: boolean;
}

export interface CatalogProblem {
  locale: string;
  /** The English source of the message. */
  source: string;
  problem: string;
}

export interface Catalogs {
  /** id → English source, as extracted from the code. */
  source: ReadonlyMap<string, string>;
  /** locale → its catalog. */
  locales: Readonly<Record<string, ReadonlyMap<string, CatalogMessage>>>;
  /** locale → English sources its translation may repeat on purpose ("Blog", "FAQ"). */
  sameAsEnglish: Readonly<Record<string, readonly string[]>>;
}

function collectArguments(tokens: readonly Token[], into: Set<string>): Set<string> {
  for (const token of tokens) {
    if (token.type === 'argument' || token.type === 'function') into.add(token.arg);
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      into.add(token.arg);
      for (const branch of token.cases) collectArguments(branch.tokens, into);
    }
  }
  return into;
}

/** Lingui's numbered tags for the elements inside a message: `<0>`, `</0>`, `<1/>`. */
function elementTags(message: string): string[] {
  return (message.match(/<\/?\d+\s*\/?>/g) ?? []).map((tag) => tag.replace(/\s/g, '')).sort();
}

const sameSet = (a: Set<string>, b: Set<string>) =>
  a.size === b.size && [...a].every((name) => b.has(name));

/**
 * What is wrong with one translation: it does not parse as ICU MessageFormat (with the
 * locale's own plural categories), or its placeholders or elements differ from the source's.
 */
export function translationProblem(
  locale: string,
  source: string,
  translation: string,
): string | undefined {
  const cardinal = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  let parsed: Token[];
  try {
    parsed = parse(translation, { cardinal, strict: false });
  } catch (error) {
    return `does not parse as ICU MessageFormat: ${(error as Error).message}`;
  }
  const expected = collectArguments(parse(source, { strict: false }), new Set());
  const found = collectArguments(parsed, new Set());
  if (!sameSet(expected, found)) {
    return `has placeholders {${[...found].join('}, {')}} instead of {${[...expected].join('}, {')}}`;
  }
  if (elementTags(source).join() !== elementTags(translation).join()) {
    return `has elements ${elementTags(translation).join(' ')} instead of ${elementTags(source).join(' ')}`;
  }
  return undefined;
}

/**
 * Every locale has every message and nothing else, each translated (not left in English
 * unless listed as the same word on purpose), parsing, and with the source's placeholders.
 */
export function catalogProblems({ source, locales, sameAsEnglish }: Catalogs): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  for (const [locale, catalog] of Object.entries(locales)) {
    const allowed = new Set(sameAsEnglish[locale] ?? []);
    const report = (text: string, problem: string) =>
      problems.push({ locale, source: text, problem });
    for (const [id, text] of source) {
      const message = catalog.get(id);
      if (message === undefined || message.obsolete) {
        report(text, 'is missing');
      } else if (message.translation.trim() === '') {
        report(text, 'is not translated');
      } else {
        const problem = translationProblem(locale, text, message.translation);
        if (problem !== undefined) report(text, problem);
        else if (locale !== 'en' && message.translation === text && !allowed.has(text)) {
          report(text, 'is still the English text');
        }
      }
    }
    for (const [id, message] of catalog) {
      if (!source.has(id)) report(message.translation, 'is no longer used by the code (obsolete)');
    }
    for (const text of allowed) {
      if (![...source.values()].includes(text))
        report(text, 'is listed as same-as-English but unused');
    }
  }
  return problems;
}
