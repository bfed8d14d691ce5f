/**
 * The search service's routes over HTTP: a request's method and path to the route whose parameter
 * rules (@grocery/search) apply. Here, not in @grocery/search, which knows no HTTP.
 */
import { CommerceError } from '@grocery/core';
import { SEARCH_ROUTES, type SearchRoute } from '@grocery/search';

/**
 * The route a request names, refusing unknown paths (NOT_FOUND) and methods other than GET and
 * HEAD (METHOD_NOT_ALLOWED). A trailing slash is ignored.
 *
 * @example
 * searchRouteOf('GET', '/v1/search/'); // '/v1/search'
 */
export function searchRouteOf(method: string, path: string): SearchRoute {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (!Object.hasOwn(SEARCH_ROUTES, trimmed)) {
    throw new CommerceError(
      'NOT_FOUND',
      `No route ${path.slice(0, 100)}. Routes: ${Object.keys(SEARCH_ROUTES).join(', ')}.`,
    );
  }
  const route = trimmed as SearchRoute;
  const upper = method.toUpperCase();
  if (upper !== 'GET' && upper !== 'HEAD')
    throw new CommerceError('METHOD_NOT_ALLOWED', `Method ${method.slice(0, 20)} is not allowed on ${route}; use GET.`);
  return route;
}
