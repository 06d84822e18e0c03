/**
 * The console's import rules (ARCHITECTURE.md "Floors"). Run from the repository root:
 *
 *   npx depcruise apps/console/src --config apps/console/.dependency-cruiser.cjs
 *
 * Layers, low to high; a layer imports only the layers below it:
 *
 *   locales/      the translations (JSON)
 *   lib/          API client, token store, i18n, message, form and route helpers, the FeatureModule contract, and
 *                 the commands and command-response calls several features share; no screens
 *   components/   the shared kernel: UI pieces many features use (page bar, delete confirmation, lazy screens…)
 *   features/*    one folder per screen set; another feature only through its `index.ts`, and never in a cycle
 *   app/          the frame: router, guards, shell (header, sidebar, breadcrumbs), providers, the 404 page
 *   main.tsx      starts it all
 *
 * Test code is left out: `*.test.ts(x)` and `src/test/`.
 */
const SRC = '^apps/console/src';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A file must not import itself back through a chain of imports (type-only imports count): two files that ' +
        'need each other belong together, or the piece both need moves to a third file they both import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-imports-no-layer-above',
      severity: 'error',
      comment:
        'lib/ is the bottom layer (with the locales): it must not import components/, a feature, the frame (app/) ' +
        'or main.tsx.',
      from: { path: `${SRC}/lib/` },
      to: { path: `${SRC}/(components|features|app)/|${SRC}/main\\.tsx$` },
    },
    {
      name: 'components-import-no-layer-above',
      severity: 'error',
      comment:
        'components/ (the shared kernel) may import lib/ only: it must not import a feature, the frame (app/) or ' +
        'main.tsx. A piece that needs a feature belongs to that feature.',
      from: { path: `${SRC}/components/` },
      to: { path: `${SRC}/(features|app)/|${SRC}/main\\.tsx$` },
    },
    {
      name: 'features-import-no-frame',
      severity: 'error',
      comment:
        'A feature must not import the frame (app/) or main.tsx: the frame imports the features (their ' +
        'module.tsx). What a feature needs from the frame belongs in components/ or lib/.',
      from: { path: `${SRC}/features/` },
      to: { path: `${SRC}/app/|${SRC}/main\\.tsx$` },
    },
    {
      name: 'frame-imports-no-main',
      severity: 'error',
      comment:
        'The frame (app/) must not import main.tsx, which starts the console and is imported by nothing.',
      from: { path: `${SRC}/app/` },
      to: { path: `${SRC}/main\\.tsx$` },
    },
    {
      name: 'feature-imports-feature-through-index',
      severity: 'error',
      comment:
        "A feature must import another feature only through that feature's index.ts (its public surface), never " +
        'one of its files directly.',
      from: { path: `${SRC}/features/([^/]+)/` },
      to: {
        path: `${SRC}/features/`,
        pathNot: [`${SRC}/features/$1/`, `${SRC}/features/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'no-feature-cycle',
      severity: 'error',
      comment:
        'Features must not import each other in a cycle, even through their index.ts files: if feature A imports ' +
        'feature B, B must not import A (directly or through other features). Move what both need down to ' +
        'components/ or lib/, or to the feature that owns it.',
      scope: 'folder',
      from: { path: `${SRC}/features/[^/]+$` },
      to: { path: `${SRC}/features/[^/]+$`, circular: true },
    },
  ],
  options: {
    includeOnly: `${SRC}/`,
    exclude: { path: ['\\.test\\.tsx?$', `${SRC}/test/`] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/console/tsconfig.json' },
  },
};
