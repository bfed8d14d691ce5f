import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('..', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};

/** The package names of the lockfile's entries whose package has an install script. */
function withInstallScripts(): string[] {
  const names = Object.entries(lock.packages)
    .filter(([path, entry]) => entry.hasInstallScript && path.includes('node_modules/'))
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
  return [...new Set(names)].sort();
}

test('every dependency with an install script is decided in package.json allowScripts, and every decision names a dependency', () => {
  const decided = Object.keys(manifest.allowScripts ?? {}).sort();
  const scripted = withInstallScripts();
  assert.ok(scripted.length > 0);
  // A new one would make npm install print an "install scripts not reviewed" notice (a refusal from npm 12 on).
  assert.deepEqual(
    scripted.filter((name) => !decided.includes(name)),
    [],
  );
  const inLock = new Set(
    Object.keys(lock.packages).map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  );
  assert.deepEqual(
    decided.filter((name) => !inLock.has(name)),
    [],
  );
});
