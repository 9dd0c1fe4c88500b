// The web app's import boundaries, checked by `npm run check:boundaries -w @fairway/web` (and so
// by the root `npm run lint`). Why these rules: docs/decisions/feature-boundaries.md.
/** Test files and the helpers only tests use. */
const TEST_CODE = ['[.]test[.]tsx?$', '^src/test/', '^src/features/[^/]+/test/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-to-other-feature',
      severity: 'error',
      comment:
        'A feature imports nothing of another feature. Move what both need to src/components/ or src/lib/, ' +
        'to the feature that owns it, or compose the two in src/app/ (as app/pages/ does).',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'shared-to-feature',
      severity: 'error',
      comment:
        'src/components/, src/lib/, src/locales/ and src/test/ are shared by every feature and import none of them; ' +
        'their tests use stand-ins, not a feature.',
      from: { path: '^src/(components|lib|locales|test)/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'app-code-to-test-code',
      severity: 'error',
      comment: "The app never imports test code: test files, src/test/ and a feature's own test/ helpers.",
      from: { path: '^src/', pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycles, type-only imports and lazy import() included.',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^src/',
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a feature that borrows another's types is coupled to it too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
