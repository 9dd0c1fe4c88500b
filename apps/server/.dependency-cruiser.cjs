/**
 * The server's import rules, checked by `npm run check:boundaries -w @fairway/server` and by
 * `npm run lint`; what each rule is for: docs/architecture.md
 * (Import rules). The web app has its own configuration (apps/web).
 */
const notTest = '\\.test\\.ts$';

// tables-of-own-module: which other modules' `*.tables.ts` a module may read, each with its reason
// (docs/architecture.md, Import rules). A `*.tables.ts` file may import any other (foreign keys).
const tablesAnyModuleMayRead = [
  // organisations and club accounts: every tenant query filters or joins by them
  '^src/modules/organizations/',
  // users and their memberships: who created, who may see, who is notified
  '^src/modules/users/',
  // roles: what a user may do is read with the user
  '^src/modules/permissions/',
];
// The read models report on other modules' documents and read those tables directly.
const readModelTables = {
  // the statistics page counts invoices, customers and contracts
  statistics: '^src/modules/(invoices|customers|contracts)/[^/]+\\.tables\\.ts$',
  // the exports write out members, invoices and the GIT invoice bases as files
  exports: '^src/modules/(members|invoices|git)/[^/]+\\.tables\\.ts$',
  // Dubbelkoll compares the customer invoices of the invoices mirror with the documents it mirrors itself
  duplicates: '^src/modules/invoices/[^/]+\\.tables\\.ts$',
};
const tablesRule = (from, allowed) => ({
  name: 'tables-of-own-module',
  severity: 'error',
  comment:
    "A module reads its own tables; another module's data comes through that module's repository (a query, or a " +
    'subquery/SQL fragment for a join). The exceptions and their reasons: docs/architecture.md (Import rules).',
  from,
  to: { path: '^src/modules/[^/]+/.*\\.tables\\.ts$', pathNot: ['^src/modules/$1/', ...tablesAnyModuleMayRead, ...allowed] },
});
const tablesRules = [
  tablesRule(
    {
      path: '^src/modules/([^/]+)/',
      pathNot: ['(\\.test|\\.tables)\\.ts$', ...Object.keys(readModelTables).map((m) => `^src/modules/${m}/`)],
    },
    [],
  ),
  ...Object.entries(readModelTables).map(([m, tables]) =>
    tablesRule({ path: `^src/modules/(${m})/`, pathNot: '(\\.test|\\.tables)\\.ts$' }, [tables]),
  ),
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...tablesRules,
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle (type-only imports count too). Break it by direction: the lower side takes a callback or ' +
        'the higher side moves the shared piece down (e.g. modules/accounting/refresh/queue.ts).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'providers-below-modules',
      severity: 'error',
      comment:
        "Clients and simulators of external systems (src/providers) know nothing of the portal's modules; a module " +
        'hands them what they need (e.g. the connector work queue, providers/visma-admin/queue.ts). Tests may reach up.',
      from: { path: '^src/providers/', pathNot: notTest },
      to: { path: '^src/modules/' },
    },
    {
      name: 'accounting-mirror-is-a-leaf',
      severity: 'error',
      comment: 'modules/accounting/mirror holds the mirror helpers every document module uses; it reads no program.',
      from: { path: '^src/modules/accounting/mirror/', pathNot: notTest },
      to: { path: '^src/modules/accounting/(connection|connector|refresh)/' },
    },
    {
      name: 'accounting-connection-queues-only',
      severity: 'error',
      comment:
        'The connection side asks for a refresh through refresh/queue.ts only; the refresh uses the connection ' +
        '(accountingFor), never the other way round.',
      from: { path: '^src/modules/accounting/(connection|connector)/', pathNot: notTest },
      to: { path: '^src/modules/accounting/refresh/', pathNot: '^src/modules/accounting/refresh/queue\\.ts$' },
    },
    {
      name: 'accounting-connector-below-connection',
      severity: 'error',
      comment:
        "The Visma Administration connector's state (modules/accounting/connector) is used by the connection, not the reverse.",
      from: { path: '^src/modules/accounting/connector/', pathNot: notTest },
      to: { path: '^src/modules/accounting/connection/' },
    },
    {
      name: 'accounting-not-through-integrations',
      severity: 'error',
      comment: 'modules/integrations is the integrations page (its list and the request form); accounting code does not use it.',
      from: { path: '^src/modules/accounting/' },
      to: { path: '^src/modules/integrations/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    // Type-only imports are edges too: a cycle through types is still a tangle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
