import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Two rules of docs/architecture.md#conventions that hold for every package: source files
// stay small, and no module imports itself through others (a cycle decides evaluation
// order by accident).

const root = fileURLToPath(new URL('../../../', import.meta.url));
const sourceRoots = [
  'apps/server/src',
  'apps/web/src',
  'packages/cli/src',
  'packages/contract/src',
  'packages/crypto/src',
];
const maxLines = 250;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const isSource = /\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name);
    return isSource && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = sourceRoots.flatMap((dir) => sourceFiles(join(root, dir)));

/** The file a relative specifier names: `./x.js` is x.ts, `./x` is x.ts, x.tsx or x/index.ts. */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/** Relative imports, type-only ones too: two files that need each other's types are one. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const pattern = /^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
  return [...text.matchAll(pattern)]
    .map((match) => resolveImport(file, match[1]!))
    .filter((target): target is string => target !== null);
}

/** Strongly connected components of more than one file (Tarjan). */
function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(relative(root, member));
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('the source', () => {
  it(`has no file over ${maxLines} lines`, () => {
    expect(files.length).toBeGreaterThan(300);
    const long = files
      .map((file) => ({
        file: relative(root, file),
        lines: readFileSync(file, 'utf8').split('\n').length - 1,
      }))
      .filter(({ lines }) => lines > maxLines);
    expect(long).toEqual([]);
  });

  it('has no import cycle', () => {
    const graph = new Map(files.map((file) => [file, relativeImports(file)]));
    expect([...graph.values()].flat().length).toBeGreaterThan(1000);
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(importCycles(graph)).toHaveLength(1);
  });
});
