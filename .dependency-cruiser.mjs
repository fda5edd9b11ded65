// @ts-check
/**
 * The import directions of src/ (docs/decisions/028-layers.md), checked by `npm run lint`:
 *
 *   app wiring (src/app.module.ts, src/app.factory.ts, src/main.ts)
 *     └─ legacy ─ features ─ cache, logging, redis, credentials… ─ upstream ─ common ─ config, metrics, types
 *
 * No folder imports another in a cycle; common and the foundations below it import upward nothing; upstream imports no
 * feature; legacy is imported by the app wiring alone (it plugs into common's registries at start-up).
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment:
        'Two folders of src/ import each other, directly or through others: move the shared part down, or invert the dependency ' +
        '(an interface or registry in the lower folder). Subfolders of one folder (src/upstream/clients and src/upstream/shape) are that folder\'s business.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/([^/]+)' },
      to: { path: '^src/', pathNot: '^src/$1(/|$)', circular: true },
    },
    {
      name: 'foundations-import-nothing-above',
      comment: 'src/config, src/metrics and src/types are the bottom layer: they import only themselves (and types).',
      severity: 'error',
      from: { path: '^src/(config|metrics|types)/' },
      to: { path: '^src/', pathNot: '^src/($1|types)/' },
    },
    {
      name: 'common-imports-only-foundations',
      comment:
        'src/common imports only config, metrics and types. What it needs from a folder above it is inverted: common defines an interface, ' +
        'a registry or an injection token, and the owning module registers its part at start-up (ResponseShaper, OpenApiAdditions, UpstreamFailure).',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/', pathNot: '^src/(common|config|metrics|types)/' },
    },
    {
      name: 'upstream-imports-no-feature',
      comment: 'src/upstream owns the upstream calls and what it needs to read the answers; features build on it, never the reverse: move what it needs into src/upstream (e.g. clients/<area>.params.ts).',
      severity: 'error',
      from: { path: '^src/upstream/' },
      to: { path: '^src/', pathNot: '^src/(upstream|common|config|metrics|types)/' },
    },
    {
      name: 'legacy-imported-by-app-wiring-only',
      comment: 'src/legacy is imported by src/app.module.ts and src/app.factory.ts only: features and shared folders reach it through the registries common defines.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(legacy/|app\\.module\\.ts$|app\\.factory\\.ts$)' },
      to: { path: '^src/legacy/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: an `import type` across layers is the same coupling.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.d.ts', '.js'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
