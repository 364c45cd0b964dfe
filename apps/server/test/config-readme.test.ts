import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { variables } from '../src/config/config-variables.js';
import type { Variable } from '../src/config/env-schema.js';

// The README's configuration table is what operators read: it must name every variable the
// server reads, no other, give the default the server really takes, and say of each what its
// declaration says (the declarations copy the README's words, so neither drifts alone).

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The rows of the table under "## Configuration": names (a row may hold two), default, meaning. */
function configurationRows() {
  const section = readme.slice(readme.indexOf('\n## Configuration'));
  const end = section.indexOf('\n## ', 1);
  const rows = (end === -1 ? section : section.slice(0, end))
    .split('\n')
    .filter((line) => /^\| `[A-Z][A-Z0-9_]*`/.test(line));
  return rows.map((line) => {
    const [names = '', fallback = '', meaning = ''] = line.split('|').slice(1, 4);
    return {
      names: [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!),
      fallback: fallback.trim(),
      meaning: meaning.trim(),
    };
  });
}

const declared = (name: string): Variable<unknown> => variables[name as keyof typeof variables];

describe("the README's configuration table", () => {
  const rows = configurationRows();
  const documented = rows.flatMap((row) => row.names);

  it('names every variable the server reads, and no other', () => {
    expect(rows.length).toBeGreaterThan(40);
    expect([...documented].sort()).toEqual(Object.keys(variables).sort());
  });

  it('gives the default the server takes: its literal value, or the words declared for it', () => {
    let literals = 0;
    for (const row of rows) {
      for (const name of row.names) {
        const { fallback, defaultDoc } = declared(name);
        if (defaultDoc !== undefined) {
          expect(`${name}: ${row.fallback}`).toBe(`${name}: ${defaultDoc}`);
          continue;
        }
        // Unset and empty read the same, so an empty default is written as none; a literal
        // may carry a note in parentheses ("`0` (no quota)").
        const shown = fallback === null || fallback === '' ? '—' : `\`${String(fallback)}\``;
        expect(`${name}: ${row.fallback.replace(/ \([^`]*\)$/, '')}`).toBe(`${name}: ${shown}`);
        if (shown !== '—') literals++;
      }
    }
    expect(literals).toBeGreaterThan(25);
  });

  it('says of each variable what its declaration says', () => {
    for (const row of rows) {
      for (const name of row.names) {
        expect(`${name}: ${row.meaning}`).toBe(`${name}: ${declared(name).doc}`);
      }
    }
  });
});
