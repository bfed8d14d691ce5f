/**
 * `npm run start:grocer`: the grocer simulator over HTTP (see `grocer-main.ts`). Enables the module compile cache first (Node.js ≥ 22.1: compiled code is kept on disk,
 * so a restart skips most of the module load; Node 20 has none), then loads the program: a static
 * import would compile everything before this line runs.
 */
import module from 'node:module';

(module as { enableCompileCache?: (directory?: string) => unknown }).enableCompileCache?.(
  process.env.NODE_COMPILE_CACHE,
);
await import('./grocer-main.ts');
