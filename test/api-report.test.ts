import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import {
  apiReports,
  entryExports,
  isReportFile,
  publishedPackages,
  undocumentedRuntimeExports,
} from '../scripts/api-report.ts';

test('each entry point of each published package has its api-report*.md, with every export’s signature as the code declares it (run `npm run api-report` after a deliberate change)', () => {
  const reports = apiReports();
  assert.ok(reports.size >= 15);
  for (const [file, report] of reports) {
    assert.equal(readFileSync(file, 'utf8'), report, `${file} is out of date`);
  }
  const onDisk = publishedPackages().flatMap(({ dir }) =>
    readdirSync(dir)
      .filter(isReportFile)
      .map((name) => join(dir, name)),
  );
  assert.deepEqual(
    onDisk.sort(),
    [...reports.keys()].sort(),
    'a report without an entry point, or an entry point without its report',
  );
  assert.ok(new Set([...reports.keys()].map((file) => dirname(file))).size >= 10);
});

test('every runtime export of @grocery/core (classes, functions, constants, in each entry point) has a doc comment that says what it is for', () => {
  assert.deepEqual(undocumentedRuntimeExports('@grocery/core'), []);
});

test('the entry-point table of packages/core/README.md has one row per entry point of the exports map, naming only what that entry point exports; the root README names each entry point', () => {
  const entries = entryExports('@grocery/core');
  const rows = [
    ...readFileSync(new URL('../packages/core/README.md', import.meta.url), 'utf8').matchAll(
      /^\| `(@grocery\/core[^`]*)` \|(.*)\|$/gm,
    ),
  ].map(([, entry, cells]) => ({
    entry: entry!,
    cells: cells!,
  }));
  assert.deepEqual(rows.map(({ entry }) => entry).sort(), [...entries.keys()].sort());
  for (const { entry, cells } of rows) {
    const named = [...cells.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map(([, name]) => name!);
    assert.ok(named.length > 0, `the row of ${entry} names none of its exports`);
    assert.deepEqual(
      named.filter((name) => !entries.get(entry)!.has(name)),
      [],
      `the row of ${entry} names what ${entry} does not export`,
    );
  }
  const rootReadme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  assert.deepEqual(
    [...entries.keys()].filter((entry) => !rootReadme.includes(`\`${entry}\``)),
    [],
  );
});
