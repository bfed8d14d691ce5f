/**
 * Worker thread: builds the search index data from a published `all` Feather file, so the seconds a
 * build takes never stall the thread that answers requests. The data (plain maps, arrays, typed
 * arrays) goes back by structured clone.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { productImageUrl, readFeatherProducts } from '@grocery/catalog';
import { buildIndexData, documentFromProduct } from '@grocery/search';

const { feather, publicBaseUrl } = workerData as { feather: Uint8Array; publicBaseUrl: string };
const products = readFeatherProducts(feather);
const docs = products.map((p) => documentFromProduct(p, p.hasImage ? productImageUrl(publicBaseUrl, p.cprcode) : null));
parentPort!.postMessage(buildIndexData(docs));
