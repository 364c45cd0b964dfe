import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { variables } from '../src/config/config-variables.js';

// The README's configuration table is what operators read: it must name every variable the
// server reads, no other, and give the default the server really takes where it writes one
// as a literal value.

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The rows of the table under "## Configuration": names (a row may hold two) and default. */
function configurationRows() {
  const section = readme.slice(readme.indexOf('\n## Configuration'));
  const end = section.indexOf('\n## ', 1);
  const rows = (end === -1 ? section : section.slice(0, end))
    .split('\n')
    .filter((line) => /^\| `[A-Z][A-Z0-9_]*`/.test(line));
  return rows.map((line) => {
    const [names = '', fallback = ''] = line.split('|').slice(1, 3);
    return {
      names: [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!),
      fallback: fallback.trim(),
    };
  });
}

describe("the README's configuration table", () => {
  const rows = configurationRows();
  const documented = rows.flatMap((row) => row.names);
  const declared = Object.keys(variables);

  it('names every variable the server reads, and no other', () => {
    expect(rows.length).toBeGreaterThan(40);
    expect([...documented].sort()).toEqual([...declared].sort());
  });

  it('gives the default the server takes wherever it writes a literal one', () => {
    let compared = 0;
    for (const row of rows) {
      const literal = /^`([^`]*)`$/.exec(row.fallback)?.[1];
      if (literal === undefined) continue;
      for (const name of row.names) {
        const { fallback } = variables[name as keyof typeof variables];
        // A default worked out at start-up (the machine's cores, another variable) is
        // written in words, and so is "none": only literal values are compared.
        if (fallback === null || typeof fallback === 'object') continue;
        expect(`${name}=${literal}`).toBe(`${name}=${String(fallback)}`);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(25);
  });
});
