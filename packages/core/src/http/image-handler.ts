import { isCprcode } from '../model/product.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import { errorResponse, type HttpRequest, type HttpResponse } from './http-types.ts';

/**
 * `GET /images/products/<cprcode>`: the grocer's product image on the service's own host, so every
 * image URL partners see is ours. Images change rarely; a day of caching is safe.
 */
export function createImageHandler(grocer: GrocerGateway): (request: HttpRequest) => Promise<HttpResponse> {
  return async (request) => {
    const cprcode = request.path.slice('/images/products/'.length);
    if (!isCprcode(cprcode)) return errorResponse(400, 'INVALID_CPRCODE', 'A cprcode is 1 to 12 digits.');
    const image = await grocer.productImage(cprcode);
    if (!image) return errorResponse(404, 'NOT_FOUND', `No image for ${cprcode}.`);
    return {
      status: 200,
      headers: {
        'content-type': image.contentType,
        'cache-control': 'public, max-age=86400',
        'x-content-type-options': 'nosniff',
        // SVG can carry script; served as an image it cannot run, and this forbids it anyway.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      },
      body: image.body,
    };
  };
}
