/**
 * The import zones of DESIGN §2, checked by `npm run lint`: each workspace imports only the
 * ones below it, a web feature never imports another feature, and nothing imports in a circle.
 * Type-only imports count: a type is a dependency too.
 */
const OURS = ['shared', 'machines', 'kiosk', 'realtime', 'web', 'tests', 'bench'];
const zone = (name, comment, from, allowed) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `^${from}/` },
  to: { path: `^(${OURS.filter((w) => w !== from && !allowed.includes(w)).join('|')})/` },
});

module.exports = {
  forbidden: [
    zone('shared-imports-nothing-of-ours', 'shared is the contract: it imports nothing of ours', 'shared', []),
    zone('machines-import-only-shared', 'the machines are pure: they import only shared', 'machines', ['shared']),
    zone('kiosk-imports-only-shared-and-machines', 'the kiosk imports only shared and machines', 'kiosk', [
      'shared',
      'machines',
    ]),
    zone(
      'realtime-imports-only-shared-and-machines',
      'the gateway knows the kiosk by its HTTP contract only (it can front another kiosk API)',
      'realtime',
      ['shared', 'machines'],
    ),
    zone('web-imports-only-shared-and-machines', 'the web app talks to the servers over HTTP and sockets only', 'web', [
      'shared',
      'machines',
    ]),
    {
      name: 'features-never-import-features',
      comment: 'a feature never imports another feature; the routes compose them',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'no-circular',
      comment: 'no file reaches itself through its imports',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(node_modules|dist|test-results|playwright-report)/', '^tools/import-zones-fixture/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
