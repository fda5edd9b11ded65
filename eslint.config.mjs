// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * typescript-eslint's type-checked rules (floating and misused promises, unused code, needless assertions…) over the
 * whole tree. Off, on purpose: the `no-unsafe-*`/`no-explicit-any` family and `no-base-to-string` (upstream payloads
 * are untyped JSON by nature; the mappers read them field by field and turn scalars into text with String()), and
 * `require-await` (the file credential store implements the async store interface synchronously).
 * Which src/ folder may import which is not checked here: .dependency-cruiser.mjs, run by `npm run lint` after eslint.
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
);
