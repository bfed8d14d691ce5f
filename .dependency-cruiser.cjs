// dependency-cruiser: the layering of shared/DESIGN.md §3 as rules, and no import cycles, type-only
// imports included (ESLint's import plugins skip those, and a cycle of types still ties two modules
// together). Run by `npm run lint`. What packages/core may import is ESLint's (no-restricted-imports
// in eslint.config.js names every module).

/** An app's composition root: its entry points and the system files that wire it. */
const COMPOSITION_ROOT = '^apps/[^/]+/src/(main|[a-z-]+-main|system|system-[a-z-]+)\\.ts$';
/** Tests, benchmarks and the search evaluation: they may reach anything they measure. */
const TESTS_AND_BENCHES = ['^test/', '^bench/', '^(packages|apps)/[^/]+/test/', '^packages/search/eval/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other (types included): move what both need to a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-not-to-apps',
      severity: 'error',
      comment:
        'A package is a library that is published and tested on its own; apps are composition roots that use packages (DESIGN §3). ' +
        'Move what a package needs from an app into a package.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-not-to-apps',
      severity: 'error',
      comment:
        'Apps are composition roots: config, wiring, routing (DESIGN §3); code two apps share is a package (the search client is @grocery/search-client). ' +
        'Only the API system files may embed another app in its process (the search service and the shop, DESIGN §1), and then only through its entry (see apps-only-through-entry).',
      from: { path: '^apps/([^/]+)/', pathNot: '^apps/api/src/system[a-z-]*\\.ts$' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'apps-only-through-entry',
      severity: 'error',
      comment:
        'An app embedded in another process is reached through its src/index.ts, never through a module inside it: what it exports is what it promises.',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: ['^apps/$1/', '^apps/[^/]+/src/index\\.ts$'] },
    },
    {
      name: 'core-imports-no-other-package',
      severity: 'error',
      comment:
        'packages/core defines the ports that the other packages implement (DESIGN §3): every arrow points at core, none out of it, ' +
        'its tests and examples included (they run on core/testing: InMemoryStore, InMemoryGrocer).',
      from: { path: '^packages/core/' },
      to: { path: '^packages/', pathNot: '^packages/core/' },
    },
    {
      name: 'core-http-surfaces-in-http',
      severity: 'error',
      comment:
        "core's HTTP surfaces (handlers as functions of a request) live in src/http/, served as @grocery/core/http: the domain, its services " +
        'and GraphQL resolvers answer calls, not requests, so nothing else in core imports from http/.',
      from: { path: '^packages/core/src/', pathNot: '^packages/core/src/(http/|testing/)' },
      to: { path: '^packages/core/src/http/' },
    },
    {
      name: 'no-http-in-search-store-catalog',
      severity: 'error',
      comment:
        'Search ranks, the store persists, the catalog builds snapshots and answers requests as plain functions (DESIGN §3): none of them opens a socket. ' +
        'Serving is @grocery/http-node; calling a service over HTTP is a client package (@grocery/search-client, the grocer HTTP client).',
      from: { path: '^packages/(search|store|catalog)/src/' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(http|https|http2)$' },
    },
    {
      name: 'grocer-only-from-composition-roots',
      severity: 'error',
      comment:
        'The grocer simulator is one implementation of the GrocerGateway port (DESIGN §3): code sees the port, and only an app composition root picks ' +
        'the simulator or its HTTP client. Tests and benches use it as the grocer they run against.',
      from: { pathNot: [COMPOSITION_ROOT, '^packages/grocer/', ...TESTS_AND_BENCHES] },
      to: { path: '^packages/grocer/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/', '/src/generated/'] },
    // Sees `import type` too: the cruise reads the TypeScript source before compilation.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@grocery/source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    skipAnalysisNotInRules: true,
  },
};
