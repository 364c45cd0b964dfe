import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The import-layer messages ESLint reports for `imports` in a file placed at `file`. */
async function layerErrors(file: string, imports: string[]): Promise<string[]> {
  const code = `${imports.join('\n')}\nexport const x = [${imports.map((_, i) => `a${i}`).join(', ')}];\n`;
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/server/src/${file}` });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

// eslint.config.js enforces the server's layers of docs/architecture.md; each case is a
// file that is not in the tree, linted as if it were.
describe("the server's import layers", () => {
  it('a module may not reach past an infra port', async () => {
    for (const source of [
      '../../infra/db/sqlite.js',
      '../../infra/blob/s3.js',
      '../../infra/tus/upload-locks.js',
    ]) {
      expect(
        await layerErrors('modules/shares/fixture.ts', [`import { a0 } from '${source}';`]),
      ).toEqual([expect.stringContaining('only through its ports')]);
    }
  });

  it('a module may use the ports, runtime/, http/ and its own files', async () => {
    expect(
      await layerErrors('modules/shares/fixture.ts', [
        "import { a0 } from '../../infra/db/port.js';",
        "import { a1 } from '../../infra/blob/port.js';",
        "import { a2 } from '../../infra/runtime/clock.js';",
        "import { a3 } from '../../http/app-error.js';",
        "import { a4 } from './shares.service.js';",
        "import { a5 } from 'kysely';",
      ]),
    ).toEqual([]);
  });

  it('a repository folder is entered through its index', async () => {
    expect(
      await layerErrors('modules/files/fixture.ts', [
        "import { a0 } from '../shares/repository/lookups.js';",
      ]),
    ).toEqual([expect.stringContaining('through its index.js')]);
    expect(
      await layerErrors('modules/files/fixture.ts', [
        "import { a0 } from '../shares/repository/index.js';",
      ]),
    ).toEqual([]);
    expect(
      await layerErrors('modules/shares/repository/fixture.ts', [
        "import { a0 } from './lookups.js';",
      ]),
    ).toEqual([]);
  });

  it('a route may not import Kysely or the database', async () => {
    for (const source of ['kysely', '../../infra/db/port.js']) {
      expect(
        await layerErrors('modules/shares/fixture.routes.ts', [`import { a0 } from '${source}';`]),
      ).toEqual([expect.stringContaining('routes must not import Kysely')]);
    }
  });

  it('infra/ may not import a module or http/', async () => {
    for (const source of ['../../modules/files/file-names.js', '../../http/app-error.js']) {
      expect(
        await layerErrors('infra/blob/fixture.ts', [`import { a0 } from '${source}';`]),
      ).toEqual([expect.stringContaining('infra/ must not import')]);
    }
  });

  it('config/ imports nothing of the app', async () => {
    for (const source of ['../modules/moderation/admin-password.js', '../infra/runtime/clock.js']) {
      expect(await layerErrors('config/fixture.ts', [`import { a0 } from '${source}';`])).toEqual([
        expect.stringContaining('config/ must not import'),
      ]);
    }
    expect(
      await layerErrors('config/fixture.ts', [
        "import { a0 } from './env-schema.js';",
        "import { a1 } from '@codedrop/contract';",
      ]),
    ).toEqual([]);
  });
});
