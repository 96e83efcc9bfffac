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
  // processes; pages never import the server's code; the engine knows the game contract, never a concrete game.
  boundary(
    ['games/**'],
    folders(['server', 'app'], 'games/ holds pure rules, prompts and views: it never imports server/ or app/.'),
  ),
  boundary(['lib/**'], folders(['server', 'app'], 'lib/ is shared code: it never imports server/ or app/.'), [
    '**/*.test.ts',
    '**/*.test.tsx',
  ]),
  boundary(['app/**', 'components/**'], folders(['server'], 'pages never import server/: go through lib/.'), [
    '**/*.test.ts',
    '**/*.test.tsx',
  ]),
  boundary(
    ['lib/engine/**'],
    [
      ...folders(['server', 'app'], 'lib/engine never imports server/ or app/.'),
      {
        group: ['**/games/*', '@/games/*'],
        message: 'lib/engine knows the game contract, never a concrete game or the registry.',
      },
      { group: ['**/agents/**', '@/lib/agents/**'], message: 'lib/engine never imports agents.' },
    ],
  ),
  prettier,
);
