// dependency-cruiser: no import cycles, type-only imports included (ESLint's import plugins skip
// those, and a cycle of types still ties two modules together). Run by `npm run lint`.
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
