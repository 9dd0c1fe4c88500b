/**
 * The server's import rules, checked by `npm run check:boundaries -w @fairway/server` and by
 * `npm run lint`; what each rule is for: docs/architecture.md
 * (Import rules). The web app has its own configuration (apps/web).
 */
const notTest = '\\.test\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
