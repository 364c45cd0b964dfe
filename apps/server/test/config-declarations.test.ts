import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { variableGroups, variables } from '../src/config/config-variables.js';

// Configuration is read before anything else runs, and by tools that run nothing else: it
// imports nothing of the app (eslint.config.js refuses ../), and no package but zod and the
// contract. Cycles between its files are refused with all others' (source-shape.test.ts).

const folder = new URL('../src/config/', import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));

/** The modules `file` imports or re-exports, as written. */
function importsOf(file: string): string[] {
  const source = readFileSync(new URL(file, folder), 'utf8');
  return [...source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gms)].map(
    (match) => match[1]!,
  );
}

describe('the configuration folder', () => {
  it('imports only its own files, node: builtins, zod and @codedrop/contract', () => {
    expect(files.length).toBeGreaterThan(5);
    const allowed = (specifier: string) =>
      /^\.\/[a-z0-9-]+\.js$/.test(specifier) ||
      specifier.startsWith('node:') ||
      ['zod', '@codedrop/contract'].includes(specifier);
    const outside = files.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => !allowed(specifier))
        .map((specifier) => `${file} → ${specifier}`),
    );
    expect(outside).toEqual([]);
  });

  it('declares each variable once, with a one-line doc', () => {
    const declared = variableGroups.flatMap((group) => Object.keys(group));
    expect(declared.length).toBe(Object.keys(variables).length);
    for (const [name, { doc }] of Object.entries(variables)) {
      expect(doc, name).toMatch(/^[^\n]+$/);
    }
  });
});
