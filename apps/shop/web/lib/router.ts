import { createStore } from './store.ts';

/** Every shop page lives below this path; the server answers the app shell for all of them. */
const BASE_PATH = '/shop';

export interface Route {
  /** The path below `/shop`, always starting with `/` (`/` for the home page). */
  path: string;
  query: URLSearchParams;
}

function currentRoute(): Route {
  const { pathname, search } = window.location;
  const below = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : pathname;
  return { path: below === '' ? '/' : below, query: new URLSearchParams(search) };
}

export const routeStore = createStore<Route>(currentRoute());

/** The shop-absolute URL of a path below `/shop`, e.g. `href('/basket')` is `/shop/basket`. */
export function href(path: string): string {
  return `${BASE_PATH}${path === '/' ? '/' : path}`;
}

let navigatedAt = 0;
let headingFocused = false;

/**
 * Whether a page heading that just mounted should take the focus: the first one after a move to
 * another page does, and so does one that replaces it (a "loading" heading) while nothing else has focus.
 */
export function claimHeadingFocus(): boolean {
  if (Date.now() - navigatedAt > 3000) return false;
  const active = document.activeElement;
  const idle = !active || active === document.body || active.tagName === 'H1' || active.id === 'main';
  if (headingFocused && !idle) return false;
  headingFocused = true;
  return true;
}

/** Moves to another shop page without reloading. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (!options.replace) {
    navigatedAt = Date.now();
    headingFocused = false;
  }
  const url = href(path);
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  routeStore.set(currentRoute());
  window.scrollTo(0, 0);
}

/** The current path and query, to come back to after signing in. */
export function currentLocation(): string {
  const route = routeStore.get();
  const query = route.query.toString();
  return `${route.path}${query ? `?${query}` : ''}`;
}

window.addEventListener('popstate', () => {
  navigatedAt = Date.now();
  headingFocused = false;
  routeStore.set(currentRoute());
});

/** A `next` parameter is followed only when it is a path inside the shop. */
export function safeNext(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}
