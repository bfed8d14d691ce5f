import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openapiReferenceMarkdown, renderMarkdown } from '@grocery/docs';

describe('markdown rendering', () => {
  test('raw HTML and script links from the sources are escaped, never passed through', () => {
    const { html } = renderMarkdown(
      '# Title\n\n<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n```html\n<b>code</b>\n```\n',
    );
    assert.doesNotMatch(html, /<script|<img|href="javascript/i);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(html, /&lt;b&gt;code&lt;\/b&gt;/);
  });

  test('a hostile description in an OpenAPI document stays text in the reference page', () => {
    const markdown = openapiReferenceMarkdown(
      {
        openapi: '3.1.0',
        info: { title: 'T', version: '1', description: '<iframe src="//evil">' },
        paths: {
          '/x': {
            get: {
              summary: '<b>x</b>',
              description: '"><script>1</script>',
              responses: { '200': { description: 'ok | <svg onload=1>' } },
            },
          },
        },
      },
      { title: 'Hostile reference', source: 'hostile.yaml' },
    );
    const { html } = renderMarkdown(markdown);
    assert.doesNotMatch(html, /<iframe|<script|<svg|<b>x/i);
    assert.ok(html.includes('&lt;svg onload=1&gt;'), 'the pipe did not break the table and the tag is text');
  });

  test('headings get GitHub-style ids, unique per page, with a link to themselves', () => {
    const { html, headings } = renderMarkdown(
      '# Quick start\n\n## 2. Sign up a shopper\n\n## Notes\n\n## Notes\n\n## ภาษาไทย\n',
    );
    assert.deepEqual(
      headings.map((h) => h.id),
      ['quick-start', '2-sign-up-a-shopper', 'notes', 'notes-1', 'ภาษาไทย'],
    );
    assert.match(html, /<h2 id="notes-1">Notes<a class="anchor" href="#notes-1"/);
  });
});
