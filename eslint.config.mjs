// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * typescript-eslint's type-checked rules (floating and misused promises, unused code, needless assertions…) over the
 * whole tree. Off, on purpose: the `no-unsafe-*`/`no-explicit-any` family and `no-base-to-string` (upstream payloads
 * are untyped JSON by nature; the mappers read them field by field and turn scalars into text with String()), and
 * `require-await` (the file credential store implements the async store interface synchronously).
 */
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  ...upstreamImportRules(),
);

/**
 * Nothing under src/upstream/ imports from a feature folder (src/<feature>/): the clients own the upstream calls and
 * what they need to read the answers; features build on them, never the reverse. Allowed outside src/upstream: the
 * shared folders below. One block per depth, because a relative path names its target by how far up it climbs.
 */
function upstreamImportRules() {
  const shared = '(?!(common|config|metrics|types)/)';
  const message = 'src/upstream must not import from a feature folder: move what it needs into src/upstream (e.g. clients/<area>.params.ts)';
  return [1, 2, 3].map((depth) => ({
    files: [`src/upstream/${'*/'.repeat(depth - 1)}*.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: `^(\\.\\./){${depth}}${shared}`, message }] }],
    },
  }));
}
