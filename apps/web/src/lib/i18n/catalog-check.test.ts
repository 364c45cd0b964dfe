// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { describe, expect, it } from 'vitest';
import { catalogProblems, translationProblem, type CatalogMessage } from './catalog-check';

const webRoot = fileURLToPath(new URL('../../..', import.meta.url));
const sameAsEnglish = JSON.parse(
  readFileSync(new URL('../../locales/same-as-english.json', import.meta.url), 'utf8'),
) as Record<string, string[]>;

describe('a translation', () => {
  it('must keep the source placeholders and elements', () => {
    expect(translationProblem('de', 'Expires {when}', 'Läuft {when} ab')).toBeUndefined();
    expect(translationProblem('de', 'Expires {when}', 'Läuft {wann} ab')).toMatch(/placeholders/);
    expect(translationProblem('de', 'Read <0>this</0>', 'Lies das')).toMatch(/elements/);
  });

  it('must parse, with the plural categories of its locale', () => {
    expect(translationProblem('de', 'Expires {when}', 'Läuft {when ab')).toMatch(/parse/);
    const ru = '{count, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}';
    expect(translationProblem('ru', '{count} files', ru)).toBeUndefined();
    expect(translationProblem('ja', '{count} files', '{count, plural, few {#} other {#}}')).toMatch(
      /parse/,
    );
  });
});

describe('the check of the catalogs', () => {
  const source = new Map([
    ['a', 'Copy code'],
    ['b', 'FAQ'],
  ]);
  const catalog = (entries: [string, CatalogMessage][]) => new Map(entries);

  it('finds missing, untranslated, English and obsolete messages', () => {
    const problems = catalogProblems({
      source,
      locales: {
        de: catalog([
          ['a', { translation: 'Copy code' }],
          ['c', { translation: 'Alt' }],
        ]),
        fr: catalog([
          ['a', { translation: '' }],
          ['b', { translation: 'FAQ' }],
        ]),
      },
      sameAsEnglish: { fr: ['FAQ'] },
    });
    expect(problems.map((p) => `${p.locale} ${p.source}: ${p.problem}`)).toEqual([
      'de Copy code: is still the English text',
      'de FAQ: is missing',
      'de Alt: is no longer used by the code (obsolete)',
      'fr Copy code: is not translated',
    ]);
  });

  it('finds nothing wrong in the shipped catalogs', async () => {
    const config = getConfig({ cwd: webRoot, configPath: `${webRoot}/lingui.config.ts` });
    const [catalog] = await getCatalogs(config);
    const extracted = await catalog!.collect();
    if (extracted === undefined) throw new Error('the messages could not be extracted');
    const sources = new Map(Object.entries(extracted).map(([id, m]) => [id, m.message ?? id]));
    const locales: Record<string, Map<string, CatalogMessage>> = {};
    for (const locale of config.locales) {
      const read = (await catalog!.read(locale)) ?? {};
      locales[locale] = new Map(
        Object.entries(read).map(([id, m]) => [
          id,
          { translation: m.translation ?? '', obsolete: m.obsolete ?? false },
        ]),
      );
    }
    const problems = catalogProblems({ source: sources, locales, sameAsEnglish });
    const byLocale = new Map<string, typeof problems>();
    for (const problem of problems) {
      byLocale.set(problem.locale, [...(byLocale.get(problem.locale) ?? []), problem]);
    }
    const summary = [...byLocale].map(
      ([locale, [first, ...rest]]) =>
        `${locale}: "${first!.source}" ${first!.problem} (and ${rest.length} more)`,
    );
    expect(summary, 'run `npm run i18n:extract -w apps/web`, then translate').toEqual([]);
    expect(config.locales.length).toBeGreaterThanOrEqual(41);
  }, 120_000);
});
