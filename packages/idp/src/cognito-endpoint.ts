import { randomUUID } from 'node:crypto';
import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import { isCognitoAction, type CognitoAction, type CognitoCaller } from './cognito-actions.ts';
import { CognitoError, isCognitoError } from './cognito-error.ts';
import { json } from './pool-http.ts';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const JSON_TYPES = new Set(['application/x-amz-json-1.1', 'application/x-amz-json-1.0', 'application/json']);

/** What the endpoint calls: the Cognito API as functions (`createCognitoApi`). */
interface CognitoCalls {
  call(action: CognitoAction, body: unknown, caller?: CognitoCaller): Promise<object>;
}

function cognitoResponse(
  status: number,
  value: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): HttpResponse {
  return json(status, value, {
    'content-type': 'application/x-amz-json-1.1',
    'x-amzn-requestid': requestId,
    'cache-control': 'no-store',
    ...headers,
  });
}

function cognitoErrorResponse(error: CognitoError, requestId: string): HttpResponse {
  return cognitoResponse(error.status, { __type: error.type, message: error.message }, requestId, {
    'x-amzn-errortype': `${error.type}:`,
  });
}

/** The action (`X-Amz-Target`) and JSON object body of a Cognito request, or the CognitoError the SDK expects. */
function readActionCall(request: HttpRequest, maxBodyBytes: number): { action: CognitoAction; body: object } {
  if (request.body.byteLength > maxBodyBytes) {
    throw new CognitoError('RequestEntityTooLargeException', `The request body is larger than ${maxBodyBytes} bytes.`, {
      status: 413,
    });
  }
  const target = request.headers['x-amz-target'] ?? '';
  const action = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  if (!isCognitoAction(action)) {
    throw new CognitoError(
      'UnknownOperationException',
      target
        ? `This user pool does not support the operation ${target.slice(0, 128)}.`
        : 'Missing X-Amz-Target header.',
    );
  }
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!JSON_TYPES.has(contentType))
    throw new CognitoError('SerializationException', 'Content-Type must be application/x-amz-json-1.1.');
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(request.body));
  } catch {
    throw new CognitoError('SerializationException', 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new CognitoError('SerializationException', 'The request body must be a JSON object.');
  return { action, body };
}

/** The Cognito JSON API over HTTP: a POST to the pool's root answered as the AWS SDK expects, errors included. */
export function createCognitoEndpoint(
  api: CognitoCalls,
  maxBodyBytes: number,
): (request: HttpRequest) => Promise<HttpResponse> {
  return async (request) => {
    const requestId = request.requestId ?? randomUUID();
    try {
      const { action, body } = readActionCall(request, maxBodyBytes);
      return cognitoResponse(200, await api.call(action, body, { clientAddress: request.remoteAddress }), requestId);
    } catch (error) {
      if (isCognitoError(error)) return cognitoErrorResponse(error, requestId);
      console.error(`idp: request ${requestId} failed`, error);
      return cognitoErrorResponse(
        new CognitoError('InternalErrorException', `Internal error (request ${requestId}).`, { status: 500 }),
        requestId,
      );
    }
  };
}
