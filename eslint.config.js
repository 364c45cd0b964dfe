import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const serverPorts = {
  regex: '(^|/)infra/(?!runtime/)[^/]+/(?!port\\.js$)',
  message: 'modules reach infra/ only through its ports (infra/<name>/port.ts)',
};
// A repository split over a folder is one repository: the rest of the app enters it
// through its index.
const repositoryEntry = {
  regex: '(^|/)repository/(?!index\\.js$)[^/]+$',
  message: 'import a repository folder through its index.js',
};
const routesLeaveSql = [
  {
    group: ['kysely', 'kysely/**', '**/infra/db/**'],
    message: 'routes must not import Kysely or the database: ask the repository',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'shots/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/crypto/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The layers of docs/architecture.md#conventions, enforced: a feature imports neither the
  // app layer nor another feature (shared code lives in components/ and lib/); lib/ and
  // components/ import no feature; the packages import no app.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/*', '../../app/**'],
              message: 'features must not import the app layer',
            },
            {
              // Another feature, as a sibling (../notepad/…) or by a longer path.
              regex: `^(\\.\\./|.*/features/)(${webFeatures.filter((other) => other !== feature).join('|')})(/|$)`,
              message:
                'features must not import each other: move shared code to lib/ or components/',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'lib/ and components/ must not import features or the app layer',
            },
          ],
        },
      ],
    },
  },
  // The server's layers (docs/architecture.md): a module reaches infra/ only through a
  // folder's port.ts (runtime/ is all public); infra/ knows no module and no HTTP;
  // config/ imports nothing of the app; routes leave SQL to repositories.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverPorts, repositoryEntry] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [serverPorts, repositoryEntry, ...routesLeaveSql] },
      ],
    },
  },
  {
    files: ['apps/server/src/infra/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/http/**'],
              message: 'infra/ must not import modules/ or http/: it implements ports only',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/config/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./',
              message: 'config/ must not import the rest of the app',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@codedrop/web', '@codedrop/server'],
              message: 'packages must not import the apps',
            },
          ],
        },
      ],
    },
  },
);
