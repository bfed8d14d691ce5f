/**
 * @grocery/http-node: the node:http adapter every server of the project uses; handlers stay plain
 * functions of a request (`HttpRequest → HttpResponse`). Every export of this file is public API.
 */
export {
  createNodeListener,
  listen,
  toHttpRequest,
  writeHttpResponse,
  type NodeListenerOptions,
  type RunningServer,
} from './node-adapter.ts';
