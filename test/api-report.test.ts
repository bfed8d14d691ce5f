import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { apiReports, isReportFile, publishedPackages } from '../scripts/api-report.ts';

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
  assert.deepEqual(onDisk.sort(), [...reports.keys()].sort(), 'a report without an entry point, or an entry point without its report');
  assert.ok(new Set([...reports.keys()].map((file) => dirname(file))).size >= 10);
});
