/**
 * Runs before `npm start` and the other run scripts: builds (`npm run build`) when a package has no
 * build or a source or config newer than its build, so they always run compiled code that matches
 * the source. Plain JavaScript, because it runs before anything is compiled.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time under `path`; a directory's own time counts, so deleted files do too. */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

const sharedConfig = Math.max(
  ...['tsconfig.base.json', 'tsconfig.package.json'].map((name) => newest(join(root, name))),
);
const projects = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')).references.map((ref) =>
  dirname(join(root, ref.path)),
);
const stale = projects.filter((dir) => {
  const buildInfo = join(dir, 'dist', '.tsbuildinfo');
  if (!existsSync(buildInfo)) return true;
  const inputs = Math.max(
    sharedConfig,
    newest(join(dir, 'src')),
    newest(join(dir, 'tsconfig.build.json')),
    newest(join(dir, 'package.json')),
  );
  return inputs > statSync(buildInfo).mtimeMs;
});

if (stale.length > 0) {
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    // Without TypeScript (an install without devDependencies) an existing build is used as it is.
    const complete = projects.every((dir) => existsSync(join(dir, 'dist', '.tsbuildinfo')));
    if (!complete) process.exit(built.status ?? 1);
    process.stderr.write('build-if-stale: the build failed; running the previous build\n');
  }
}
