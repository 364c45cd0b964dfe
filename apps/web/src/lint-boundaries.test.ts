// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The import-layer messages ESLint reports for `code` placed at `file`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

// eslint.config.js enforces docs/architecture.md#conventions; each case is a file that is
// not in the tree, linted as if it were. The first lint loads the whole configuration and
// its TypeScript program, which on a busy CI machine takes longer than a unit test's 5 s.
describe('import layers', { timeout: 60_000 }, () => {
  it('a feature may not import another feature, by any path', async () => {
    for (const source of ['../notepad/note-html', '../../features/notepad/note-html']) {
      expect(
        await layerErrors(
          'apps/web/src/features/clipboard/fixture.ts',
          `import { breakableSpaces } from '${source}';\nexport const x = breakableSpaces;\n`,
        ),
      ).toEqual([expect.stringContaining('features must not import each other')]);
    }
  });

  it('a feature may import its own modules, lib/ and components/', async () => {
    expect(
      await layerErrors(
        'apps/web/src/features/clipboard/fixture.ts',
        [
          "import { ClipboardForm } from './clipboard-form';",
          "import { tools } from '../../lib/tools';",
          "import { Card } from '../../components/card';",
          'export const x = [ClipboardForm, tools, Card];',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('a feature may not import the app layer', async () => {
    expect(
      await layerErrors(
        'apps/web/src/features/clipboard/fixture.ts',
        "import { mainNav } from '../../app/site-links';\nexport const x = mainNav;\n",
      ),
    ).toEqual([expect.stringContaining('must not import the app layer')]);
  });

  it('lib/ and components/ may not import a feature', async () => {
    for (const file of ['apps/web/src/lib/fixture.ts', 'apps/web/src/components/fixture.ts']) {
      expect(
        await layerErrors(
          file,
          "import { Landing } from '../features/receive/landing';\nexport const x = Landing;\n",
        ),
      ).toEqual([expect.stringContaining('must not import features')]);
    }
  });

  it('a package may not import an app', async () => {
    expect(
      await layerErrors(
        'packages/contract/src/fixture.ts',
        "import { loadConfig } from '../../../apps/server/src/config/config.js';\nexport const x = loadConfig;\n",
      ),
    ).toEqual([expect.stringContaining('packages must not import the apps')]);
  });
});
