import {
  errorResponse,
  escapeHtml as h,
  htmlPage,
  type HttpHandler,
  type HttpResponse,
  pageHeaders,
} from '@grocery/core/http';
import { renderLayout, type NavEntry } from './docs-layout.ts';
import type { PageHeading } from './markdown-renderer.ts';

/** A page as the handler serves it (a DocsPage). */
interface ServedPage {
  slug: string;
  title: string;
  nav: string;
  group: string;
  url: string;
  markdown: string;
  html: string;
  headings: PageHeading[];
}

/** What the handler serves: the pages in reading order, the one at `/docs`, and the whole guide as markdown. */
export interface GuideContent {
  pages: readonly ServedPage[];
  homeSlug: string;
  /** Absolute URL of `/docs`. */
  home: string;
  whole: string;
  version: string;
}

const htmlHeaders = { ...pageHeaders(), 'cache-control': 'public, max-age=300' };
const markdownHeaders = {
  'content-type': 'text/markdown; charset=utf-8',
  'cache-control': 'public, max-age=300',
  'x-content-type-options': 'nosniff',
};
const answer = (response: HttpResponse, head: boolean): HttpResponse => (head ? { ...response, body: null } : response);

/** Serves `/docs`, `/docs/<page>`, `/docs/<page>.md` and `/docs/guide.md`; a page's HTML is laid out when first asked for. */
export function createDocsHandler(guide: GuideContent): HttpHandler {
  const { home, homeSlug, whole } = guide;
  const bySlug = new Map(guide.pages.map((page) => [page.slug, page]));
  const pageHtml = layoutOnce(guide);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return errorResponse(405, 'INVALID_INPUT', 'The guide is read with GET.', {}, { allow: 'GET, HEAD' });
    }
    const head = request.method === 'HEAD';
    const path = request.path;
    if (path === '/docs')
      return answer({ status: 200, headers: htmlHeaders, body: pageHtml(bySlug.get(homeSlug)!) }, head);
    if (path === '/docs/' || path === `/docs/${homeSlug}`)
      return { status: 308, headers: { location: home }, body: null };
    if (path === '/docs/guide.md') return answer({ status: 200, headers: markdownHeaders, body: whole }, head);
    const match = /^\/docs\/([a-z0-9-]{1,64})(\.md)?$/.exec(path);
    const page = match ? bySlug.get(match[1]!) : undefined;
    if (page && match?.[2]) return answer({ status: 200, headers: markdownHeaders, body: page.markdown }, head);
    if (page) return answer({ status: 200, headers: htmlHeaders, body: pageHtml(page) }, head);
    return answer({ status: 404, headers: htmlHeaders, body: notFoundHtml(home, path) }, head);
  };
}

/** A page's HTML in the guide's layout (sidebar, previous and next), rendered once and kept. */
function layoutOnce({ pages, home, version }: GuideContent): (page: ServedPage) => string {
  const htmlOf = new Map<string, string>();
  return (page) => {
    let html = htmlOf.get(page.slug);
    if (html === undefined) {
      const index = pages.indexOf(page);
      const link = (other: ServedPage | undefined) => (other ? { title: other.nav, href: other.url } : null);
      html = renderLayout({
        title: page.title,
        bodyHtml: page.html,
        headings: page.headings,
        nav: pages.map((other): NavEntry => ({
          group: other.group,
          title: other.nav,
          href: other.url,
          current: other === page,
        })),
        previous: link(pages[index - 1]),
        next: link(pages[index + 1]),
        home,
        markdownHref: `${home}/${page.slug}.md`,
        version,
      });
      htmlOf.set(page.slug, html);
    }
    return html;
  };
}

function notFoundHtml(home: string, path: string): string {
  return htmlPage({
    lang: 'en',
    title: 'Not found · Partner Grocery Commerce API',
    body: `<main style="font:16px/1.6 system-ui,sans-serif;max-width:640px;margin:48px auto;padding:0 16px"><h1>No such page</h1><p>There is no guide page at <code>${h(path.slice(0, 200))}</code>.</p><p><a href="${h(home)}">Go to the guide</a></p></main>`,
  });
}
