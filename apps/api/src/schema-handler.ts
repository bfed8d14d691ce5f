import { schemaSdl } from '@grocery/core';
import type { HttpHandler, HttpResponse } from '@grocery/core/http';

/** `GET /schema.graphql`: the schema definition, exactly schema.graphql. Public, like the guide. */
export const schemaHandler: HttpHandler = async (request): Promise<HttpResponse> =>
  request.method === 'GET' || request.method === 'HEAD'
    ? {
        status: 200,
        headers: { 'content-type': 'application/graphql; charset=utf-8', 'cache-control': 'public, max-age=300' },
        body: schemaSdl,
      }
    : { status: 405, headers: { allow: 'GET' }, body: null };
