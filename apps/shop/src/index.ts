/**
 * @grocery/app-shop: the demo shop served at `{shop_url}/shop`. Every export of this file is public
 * API of the package; the browser app itself lives in `web/` and is bundled by `buildShopAssets`.
 */
export { createShopHandler, type ShopHandlerOptions } from './shop-handler.ts';
export { buildShopAssets, type ShopAsset, type ShopAssets } from './shop-assets.ts';
export {
  cognitoEndpointForIssuer,
  shopPublicConfig,
  type ShopConfigInput,
  type ShopPublicConfig,
} from './shop-config.ts';
