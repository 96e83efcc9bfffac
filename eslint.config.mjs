// ESLint: typescript-eslint's recommended rules, promises that are never left floating, and the layering the
// architecture doc states, as import rules (docs/architecture.md). Formatting is Prettier's (eslint-config-prettier
// turns off the rules it owns).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** `no-restricted-imports` patterns that forbid importing a folder, by relative path or the `@/` alias. */
const folders = (names, message) =>
  names.flatMap((name) => [
    { group: [`@/${name}/**`, `@/${name}`], message },
    { group: [`**/../${name}/**`, `**/../${name}`], message },
  ]);

/**
 * `no-restricted-imports` patterns that forbid the database modules (lib/db), by the `@/` alias or a relative path
 * (`./db/…` and `../db/…` are lib/db from a module of lib/). `allowTypeImports`: a type is erased before the code runs,
 * so a client component may name the shape of what a server component reads and hands it.
 */
const dbModules = (message, allowTypeImports = false) => [
  {
    group: ['@/lib/db', '@/lib/db/**', '**/lib/db', '**/lib/db/**', './db', './db/**', '../db', '../db/**'],
    message,
    allowTypeImports,
  },
];

const tests = ['**/*.test.ts', '**/*.test.tsx'];

const boundary = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      '.arena/**',
      'lib/generated/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
      'scripts/reference/**',
      '**/*.mjs',
      '**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A promise nobody awaits loses its error: await it, or say `void` where the loss is meant.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Control characters are matched on purpose (stripping them from what people and models send).
      'no-control-regex': 'off',
    },
  },
  // The layering (docs/architecture.md): games are pure rules and views; lib is shared code that never reaches into the
  // processes; pages never import the server's code; the engine knows the game contract, never a concrete game. The
  // database modules (lib/db, server code) are imported only by server/, app/ (server components and route handlers),
  // lib/actions (server actions) and each other. A later entry replaces an earlier one's patterns for the files both
  // match, so each entry lists all of its files' patterns.
  boundary(
    ['games/**'],
    [
      ...folders(['server', 'app'], 'games/ holds pure rules, prompts and views: it never imports server/ or app/.'),
      ...dbModules('games/ holds pure rules, prompts and views: it never imports the database modules (lib/db).'),
    ],
  ),
  boundary(
    ['lib/**'],
    [
      ...folders(['server', 'app'], 'lib/ is shared code: it never imports server/ or app/.'),
      ...dbModules(
        "lib/'s pure modules never import the database modules (lib/db): only server/, app/, lib/actions and lib/db do.",
      ),
    ],
    [...tests, 'lib/db/**', 'lib/actions/**'],
  ),
  boundary(
    ['lib/db/**', 'lib/actions/**'],
    folders(['server', 'app'], 'lib/ is shared code: it never imports server/ or app/.'),
    tests,
  ),
  boundary(['app/**'], folders(['server'], 'pages never import server/: go through lib/.'), tests),
  boundary(
    ['components/**'],
    [
      ...folders(['server'], 'pages never import server/: go through lib/.'),
      ...dbModules(
        'components/ (client components) never import the database modules (lib/db): a server component reads the data and passes it (a type may be imported).',
        true,
      ),
    ],
    tests,
  ),
  boundary(
    ['lib/engine/**'],
    [
      ...folders(['server', 'app'], 'lib/engine never imports server/ or app/.'),
      {
        group: ['**/games/*', '@/games/*'],
        message: 'lib/engine knows the game contract, never a concrete game or the registry.',
      },
      { group: ['**/agents/**', '@/lib/agents/**'], message: 'lib/engine never imports agents.' },
      ...dbModules('lib/engine never imports the database modules (lib/db).'),
    ],
  ),
  prettier,
);
