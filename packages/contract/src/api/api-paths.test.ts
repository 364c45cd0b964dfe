import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as contract from '../index.js';
import type { Endpoint } from './endpoint.js';

// Each route path is written once, in this folder's endpoint tables: the server registers
// its routes from them and the clients call through them, so no other source spells one.

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tableDir = fileURLToPath(new URL('./', import.meta.url));
const isTable = (file: string) => file.startsWith(tableDir) && file.endsWith('-endpoints.ts');

/** Every source file of the apps and packages, tests and their helpers left out. */
function sourceFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'test-support') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) {
        found.push(path);
      }
    }
  };
  for (const group of ['apps', 'packages']) {
    for (const name of readdirSync(join(root, group))) walk(join(root, group, name, 'src'));
  }
  return found;
}

/** A module's name in an import or export, which names a file, not a route. */
const isModuleName = (node: ts.Node) =>
  ts.isImportDeclaration(node) ||
  ts.isExportDeclaration(node) ||
  (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword);

/** The text of every string and template literal in `code` (comments are not code). */
function literals(code: string, fileName = 'source.ts'): string[] {
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (isModuleName(node)) return;
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) texts.push(node.text);
    node.forEachChild(visit);
  };
  visit(file);
  return texts;
}

const endpoints = (Object.values(contract) as unknown[]).filter(
  (value): value is Endpoint =>
    typeof value === 'object' && value !== null && 'path' in value && 'method' in value,
);
/** Table paths other than the bare `/` (also the home page's path). */
const tablePaths = new Set(endpoints.map((endpoint) => endpoint.path).filter((p) => p !== '/'));

/** Why a literal spells a route path: an API path (or a piece of one), or a table path. */
function routePath(text: string): boolean {
  return /\/api\/[A-Za-z:]/.test(text) || tablePaths.has(text);
}

function offenders(files: string[]): string[] {
  return files.flatMap((file) =>
    literals(readFileSync(file, 'utf8'), file)
      .filter(routePath)
      .map((text) => `${relative(root, file)}: '${text}'`),
  );
}

describe('route paths', () => {
  it('finds paths in strings and templates, not in comments or the bare API prefix', () => {
    const code = [
      '// GET /api/shares/{code} in a comment',
      "import { api } from '../lib/api/request';",
      "const load = () => import('./api/shares-api');",
      "fetch('/api/config');",
      'fetch(`${origin}/api/shares/${code}/read`);',
      "url.startsWith('/api/');",
      "app.get('/healthz', handler);",
    ].join('\n');
    expect(literals(code).filter(routePath)).toEqual(['/api/config', '/api/shares/', '/healthz']);
  });

  it('are written nowhere in the source but the endpoint tables', () => {
    const files = sourceFiles().filter((file) => !isTable(file));
    expect(files.length).toBeGreaterThan(100);
    expect(offenders(files)).toEqual([]);
  });

  it('are each written once in the tables', () => {
    const written = sourceFiles()
      .filter(isTable)
      .flatMap((file) => literals(readFileSync(file, 'utf8'), file))
      .filter((text) => text.startsWith('/'));
    // The console's API prefix is declared there too: its session cookie's scope.
    const paths = new Set([...endpoints.map((endpoint) => endpoint.path), contract.adminApiPath]);
    expect(written.toSorted()).toEqual([...paths].sort());
  });
});
