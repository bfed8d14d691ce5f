import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { apiReports } from '../scripts/api-report.ts';

test('each published package’s api-report.md lists its public symbols as the code exports them (run `npm run api-report` after a deliberate change)', () => {
  const reports = apiReports();
  assert.ok(reports.size >= 10);
  for (const [dir, report] of reports) {
    assert.equal(readFileSync(join(dir, 'api-report.md'), 'utf8'), report, `${dir}/api-report.md is out of date`);
  }
});
