// The fence around features (docs/architecture.md, "The rules of the house"). `npm test` runs it (`npm run fence`);
// scripts/fence.test.mjs proves each rule fires on a deliberate breach (fixtures in scripts/fence-fixtures).
// A feature's public module is its `index.ts`: everything outside a feature imports that file only.
const sides = ['server', 'web', 'scripts/fence-fixtures/server', 'scripts/fence-fixtures/web'];

/** One rule per side: `<side>/src/features/<name>/...` reached from outside <name> must be its index. */
const featureFence = (side) => ({
  name: `feature-public-module (${side})`,
  comment: 'Another feature, a registry or the composition root imports a feature only through its index.ts.',
  severity: 'error',
  from: { pathNot: `^${side}/src/features/([^/]+)/` },
  to: {
    path: `^${side}/src/features/[^/]+/.+`,
    pathNot: `^${side}/src/features/[^/]+/index\\.tsx?$`,
    // The web router loads each page lazily (one chunk per page): a dynamic import of a page is the split point.
    ...(side.endsWith('web') ? { dynamic: false } : {}),
  },
});

/** Inside a feature: any other feature but through its index is a breach. */
const crossFeature = (side) => ({
  name: `feature-to-feature (${side})`,
  comment: 'A feature reaches another feature only through that feature’s index.ts.',
  severity: 'error',
  from: { path: `^${side}/src/features/([^/]+)/` },
  to: {
    path: `^${side}/src/features/[^/]+/`,
    pathNot: [`^${side}/src/features/$1/`, `^${side}/src/features/[^/]+/index\\.tsx?$`],
  },
});

module.exports = {
  forbidden: [
    ...sides.flatMap((side) => [featureFence(side), crossFeature(side)]),
    {
      name: 'infrastructure-imports-no-feature',
      comment: 'http, realtime, channels, jobs, db, media and auth (sessions, passwords) are below the features: they never import one.',
      severity: 'error',
      from: { path: '^(server|scripts/fence-fixtures/server)/src/(http|realtime|channels|jobs|db|media|auth)/' },
      to: { path: '^(server|scripts/fence-fixtures/server)/src/features/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      comment: 'web/src/lib and web/src/components are below the features: they never import one.',
      severity: 'error',
      from: { path: '^(web|scripts/fence-fixtures/web)/src/(lib|components)/' },
      to: { path: '^(web|scripts/fence-fixtures/web)/src/features/' },
    },
    {
      name: 'no-feature-cycles',
      comment: 'Two features that import each other are one feature, or a third module is missing.',
      severity: 'error',
      from: { path: '^(server|web|scripts/fence-fixtures/server|scripts/fence-fixtures/web)/src/features/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', 'packages/contract'] },
    exclude: { path: ['node_modules', 'dist', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
