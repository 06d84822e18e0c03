// The server's floors (ARCHITECTURE.md "Floors"), checked by `npm run lint` with dependency-cruiser
// (`npm run lint:deps`): imports run down, never up, and there is no import cycle, type-only imports
// included. The console has its own rules (apps/console/.dependency-cruiser.cjs). The imports that still
// run up are listed in .dependency-cruiser-known-violations.json, each one to remove; a new one fails lint.

/** Low to high. A module may import its own floor's modules listed before it, and any lower floor. */
/**
 * Low to high. A module imports the modules listed before it, on its floor and below. Its routes
 * (`*-module.ts`, `*-route.ts`, `*-routes.ts`: thin, at the top of their floor) may also import any module of
 * their own floor; nothing imports a higher floor.
 */
const FLOORS = [
  ['platform', ['platform']],
  ['kernel', ['kernel']],
  [
    'basics',
    ['users', 'uploads', 'health', 'widget-site', 'maps', 'places', 'data-sources', 'senders', 'notices'],
  ],
  [
    'authoring',
    [
      'services',
      'commands',
      'datasets',
      'components',
      'variables',
      'examples',
      'departments',
      'advertises',
      'subscriptions',
      'references',
      'responses',
      'chatbot',
      'commerce',
      'command-trees',
    ],
  ],
  ['nlu', ['nlu']],
  ['runtime', ['runtime']],
  ['conversations', ['handoff', 'inbox']],
  ['entry', ['channels', 'speech', 'widget-api', 'test-chat', 'dashboard', 'passport', 'secret-reset']],
  ['app', ['app']],
];

const SRC = '^apps/server/src/';
const ROUTES = '-(module|routes?)[.]ts$';
const pathOf = (unit) => {
  if (unit === 'platform' || unit === 'kernel' || unit === 'channels') return `${SRC}${unit}/`;
  if (unit === 'app') return `${SRC}(app|main)[.]ts$|${SRC}modules/index[.]ts$`;
  return `${SRC}modules/${unit}/`;
};
const units = FLOORS.flatMap(([floor, names], level) => names.map((name) => ({ floor, level, name })));
const anyOf = (list) => (list.length ? list.map((unit) => `(${pathOf(unit.name)})`).join('|') : '^$');
const uphill = units.flatMap((unit, rank) => [
  {
    name: `up-from-${unit.name}`,
    comment: `${unit.name} (floor ${unit.floor}) imports a module listed after it: move the shared piece down, or pass it in from the caller`,
    severity: 'error',
    from: { path: pathOf(unit.name), pathNot: ROUTES },
    to: { path: anyOf(units.slice(rank + 1)) },
  },
  {
    name: `routes-up-from-${unit.name}`,
    comment: `${unit.name}'s routes (floor ${unit.floor}) import a higher floor`,
    severity: 'error',
    from: { path: `(${pathOf(unit.name)}).*${ROUTES}` },
    to: { path: anyOf(units.filter((other) => other.level > unit.level)) },
  },
]);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'an import cycle (type-only imports count): move what both sides need to a file below them',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-tests',
      comment: 'production code imports no test or test-support file',
      severity: 'error',
      from: { pathNot: '[.]test[.]tsx?$|[.]test-support[.]ts$|/testing/' },
      to: { path: '[.]test[.]tsx?$|[.]test-support[.]ts$|/testing/' },
    },
    ...uphill,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '[.]test[.]tsx?$|[.]test-support[.]ts$|/testing/|/node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'] },
  },
};
