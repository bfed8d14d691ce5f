// Run by `npm install` (the prepare script, after the build): keeps one freshly initialised PGlite
// database for every new embedded database to start from, so that a first `npm start` and each
// throwaway test database skip PGlite's initdb (packages/store/src/pglite-template.ts).
import { performance } from 'node:perf_hooks';
import { pgliteTemplate, pgliteTemplateDir } from '@grocery/store';

const started = performance.now();
await pgliteTemplate();
console.log(`PGlite template ready in ${pgliteTemplateDir()} (${Math.round(performance.now() - started)} ms)`);
