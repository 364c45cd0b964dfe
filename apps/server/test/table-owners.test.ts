import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// One repository per table (docs/architecture.md#conventions): only a table's repository
// (and the migrations) issues SQL on it. Each file under src/ is parsed, and every statement
// it builds is found by its table: Kysely's builders (selectFrom, updateTable, joins, …),
// sql`…` templates, and string literals that are statements (sql.raw, CompiledQuery.raw).

const src = fileURLToPath(new URL('../src/', import.meta.url));

/** The tables of `interface Database` in the schema. */
function schemaTables(): string[] {
  const path = join(src, 'infra/db/schema.ts');
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  const database = file.statements.find(
    (node): node is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(node) && node.name.text === 'Database',
  );
  return (database?.members ?? []).flatMap((member) =>
    member.name !== undefined && ts.isIdentifier(member.name) ? [member.name.text] : [],
  );
}

/** Each table's repository: the files (paths under src/) that may issue SQL on it. */
const owners: Record<string, RegExp> = {
  shares: /^modules\/shares\/repository\/[a-z-]+\.ts$/,
  code_counts: /^modules\/shares\/codes\/code-counts\.repository\.ts$/,
  submissions: /^modules\/requests\/submissions(-uploads)?\.repository\.ts$/,
  room_devices: /^modules\/rooms\/room-devices\.repository\.ts$/,
  reports: /^modules\/moderation\/reports\.repository\.ts$/,
  blocked_hashes: /^modules\/moderation\/blocked-hashes\.repository\.ts$/,
  admin_sessions: /^modules\/moderation\/admin-sessions\.repository\.ts$/,
  audit_log: /^modules\/moderation\/audit-log\.repository\.ts$/,
  download_grants: /^modules\/downloads\/download-grants\.repository\.ts$/,
  // The tus stores' records and leases: infra's own repositories, behind infra/tus/port.ts.
  uploads: /^infra\/tus\/upload-records\.ts$/,
  upload_locks: /^infra\/tus\/upload-locks\.ts$/,
  health_probe: /^infra\/db\/kysely-db\.ts$/,
};
const migrations = /^infra\/db\/migrations\//;

/** Beyond its repository, the one other file that may read a table, and why. */
const exceptions = [
  // /healthz proves the schema is in place by reading one code; infra/ imports no module.
  { file: 'infra/db/kysely-db.ts', table: 'shares' },
];

const tables = schemaTables();
const builders = new Set([
  'selectFrom',
  'updateTable',
  'deleteFrom',
  'insertInto',
  'replaceInto',
  'mergeInto',
  'using',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'createTable',
  'alterTable',
  'dropTable',
  'table',
]);
const rawTable = /\b(?:from|join|into|update|table|using)\s+"?([a-z_]+)"?/gi;
const statementText = /^\s*(?:select|insert|update|delete|with)\s/i;

/** The tables a source text issues SQL on, each with its line. */
function statementsIn(text: string): Array<{ table: string; line: number }> {
  const file = ts.createSourceFile('source.ts', text, ts.ScriptTarget.Latest, true);
  const found: Array<{ table: string; line: number }> = [];
  const note = (name: string, node: ts.Node) => {
    const table = name.trim().split(/\s/)[0]!.toLowerCase();
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    if (tables.includes(table)) found.push({ table, line });
  };
  const noteRaw = (sql: string, node: ts.Node) => {
    for (const match of sql.matchAll(rawTable)) note(match[1]!, node);
  };
  const names = (node: ts.Node): string[] => {
    if (ts.isStringLiteralLike(node)) return [node.text];
    if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap(names);
    return [];
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      if (first !== undefined && builders.has(method)) {
        for (const name of names(first)) note(name, node);
      }
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(file) === 'sql') {
      const { template } = node;
      noteRaw(
        ts.isNoSubstitutionTemplateLiteral(template)
          ? template.text
          : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(
              ' ? ',
            ),
        node,
      );
    } else if (ts.isStringLiteralLike(node) && statementText.test(node.text)) {
      noteRaw(node.text, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** `file:line table` for each statement of `text` on a table `file` does not own. */
function violationsIn(file: string, text: string): string[] {
  if (migrations.test(file)) return [];
  return statementsIn(text)
    .filter(({ table }) => !owners[table]?.test(file))
    .filter(({ table }) => !exceptions.some((e) => e.file === file && e.table === table))
    .map(({ table, line }) => `${file}:${line} ${table}`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('one repository per table', () => {
  it('names the repository of every table in the schema', () => {
    expect(tables.length).toBeGreaterThan(5);
    expect(tables.filter((table) => owners[table] === undefined)).toEqual([]);
  });

  it('finds a statement on another table in every form, and none in comments', () => {
    const fixture = [
      "// db.selectFrom('shares') in a comment is no statement",
      "await db.selectFrom('shares').select('code').execute();",
      "await db.updateTable('reports').set({ reviewed_at: now }).execute();",
      "await db.selectFrom('uploads').innerJoin('shares as s', 's.code', 'uploads.id');",
      "await db.deleteFrom(['audit_log']).execute();",
      'await sql`delete from download_grants where nonce = ${nonce}`.execute(db);',
      "await db.executeQuery(CompiledQuery.raw('select count(*) from blocked_hashes'));",
      "const text = 'update admin_sessions set csrf_token = null';",
      "const message = 'Delete the share, its reports and its files now';",
    ].join('\n');
    expect(violationsIn('modules/files/fixture.ts', fixture)).toEqual([
      'modules/files/fixture.ts:2 shares',
      'modules/files/fixture.ts:3 reports',
      'modules/files/fixture.ts:4 shares',
      'modules/files/fixture.ts:4 uploads',
      'modules/files/fixture.ts:5 audit_log',
      'modules/files/fixture.ts:6 download_grants',
      'modules/files/fixture.ts:7 blocked_hashes',
      'modules/files/fixture.ts:8 admin_sessions',
    ]);
    expect(violationsIn('modules/shares/repository/fixture.ts', fixture)).toEqual([
      'modules/shares/repository/fixture.ts:3 reports',
      'modules/shares/repository/fixture.ts:4 uploads',
      'modules/shares/repository/fixture.ts:5 audit_log',
      'modules/shares/repository/fixture.ts:6 download_grants',
      'modules/shares/repository/fixture.ts:7 blocked_hashes',
      'modules/shares/repository/fixture.ts:8 admin_sessions',
    ]);
    expect(violationsIn('infra/db/migrations/0099-fixture.ts', fixture)).toEqual([]);
  });

  it('leaves each table to its repository in every file under src/', () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(50);
    const violations = files.flatMap((path) =>
      violationsIn(relative(src, path).split('\\').join('/'), readFileSync(path, 'utf8')),
    );
    expect(violations).toEqual([]);
  });

  it('finds the statements of the repositories themselves', () => {
    const tablesIn = (file: string) =>
      statementsIn(readFileSync(join(src, file), 'utf8')).map(({ table }) => table);
    expect(tablesIn('modules/shares/repository/lookups.ts')).toContain('shares');
    expect(tablesIn('modules/moderation/reports.repository.ts')).toContain('reports');
    expect(tablesIn('infra/tus/upload-locks.ts')).toContain('upload_locks');
  });
});
