import type { z } from 'zod';
import { CommerceError } from '../errors.ts';
import type { components, paths } from '../generated/admin-api.ts';

/** The admin API's routing: each route is an operation of openapi/admin.yaml, typed from it. */

// The routes are typed from openapi/admin.yaml (src/generated/admin-api.ts), so a route that answers
// or reads something the document does not describe fails to compile.
type AdminPath = keyof paths;
type AdminMethod = 'get' | 'post' | 'delete';
type MethodOf<P extends AdminPath> = {
  [M in AdminMethod]: paths[P][M] extends { responses: unknown } ? M : never;
}[AdminMethod];
type Operation<P extends AdminPath, M extends MethodOf<P>> = NonNullable<paths[P][M]>;
type PathParams<O> = O extends { parameters: { path: infer T } } ? T : Record<string, never>;
export type RequestBody<P extends AdminPath, M extends MethodOf<P>> =
  Operation<P, M> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
export type QueryOf<P extends AdminPath, M extends MethodOf<P>> = NonNullable<
  Operation<P, M> extends { parameters: { query?: infer Q } } ? Q : never
>;
type ErrorAnswer = { content: { 'application/json': components['schemas']['Error'] } };
/** A documented answer of the operation other than an error (errors are thrown as `CommerceError`s). */
type Answer<O> = O extends { responses: infer R }
  ? {
      [S in keyof R]: R[S] extends ErrorAnswer
        ? never
        : { status: S; body: R[S] extends { content: { 'application/json': infer B } } ? B : null };
    }[keyof R]
  : never;

export interface AdminRequest {
  body: unknown;
  query: URLSearchParams;
}

export interface Route {
  method: string;
  pattern: RegExp;
  run: (params: Record<string, string>, request: AdminRequest) => Promise<{ status: number; body: unknown }>;
}

/** What each path parameter of the document looks like; a path whose parameter does not match is no route (404). */
const PATH_PARAMETER_PATTERNS: Record<string, string> = {
  partnerId: '[A-Za-z0-9_]{1,64}',
  keyPrefix: 'pk_(?:test|live)_[0-9A-Za-z]{4}',
  endpointId: 'whe_[0-9a-f]{32}',
  deliveryId: 'dlv_[0-9a-f]{32}',
  cprcode: '[0-9]{1,12}',
  orderId: '[A-Z]{2}[0-9]{13}-[0-9A-Z]{4}',
  agentId: 'agt_[0-9a-f]{32}',
  host: '[a-z0-9.-]{1,253}',
};

/** A route of the document: `path` and `method` name its operation, whose types `run` must keep to. */
export function route<P extends AdminPath, M extends MethodOf<P>>(
  path: P,
  method: M,
  run: (params: PathParams<Operation<P, M>>, request: AdminRequest) => Promise<Answer<Operation<P, M>>>,
): Route {
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
    const pattern = PATH_PARAMETER_PATTERNS[name];
    if (pattern === undefined) throw new Error(`No pattern for the admin path parameter ${name}.`);
    return `(?<${name}>${pattern})`;
  });
  return {
    method: method.toUpperCase(),
    pattern: new RegExp(`^${source}$`),
    run: (params, request) => run(params as PathParams<Operation<P, M>>, request),
  };
}

/** Parses a JSON body with a schema; a bad body is `INVALID_INPUT` naming the first bad field. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new CommerceError('INVALID_INPUT', issue.message, { field: issue.path.join('.') || undefined });
}

export const noContent = { status: 204, body: null } as const;
