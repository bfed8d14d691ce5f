/**
 * Worker thread: builds the search index from a published `all` Feather file and encodes it as an
 * index file (index-codec), so the seconds a build takes never stall the thread that answers
 * requests. The file goes back as a transferred buffer: the caller loads it exactly as it loads a
 * persisted one, and can store it as it is.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { productImageUrl } from '@grocery/catalog';
import { readFeatherProducts } from '@grocery/catalog/feather';
import { buildIndexData, documentFromProduct, encodeIndexData, type IndexFileHeader } from '@grocery/search';

const { feather, publicBaseUrl, about } = workerData as {
  feather: Uint8Array;
  publicBaseUrl: string;
  about: Pick<IndexFileHeader, 'format' | 'snapshotVersion' | 'version' | 'builtAt'>;
};
const products = readFeatherProducts(feather);
const docs = products.map((p) => documentFromProduct(p, p.hasImage ? productImageUrl(publicBaseUrl, p.cprcode) : null));
const file = encodeIndexData(buildIndexData(docs), about);
parentPort!.postMessage(file, [file.buffer as ArrayBuffer]);
