import { errorResponse, type HttpRequest, type HttpResponse } from '@grocery/core/http';

/** Which partner's agent surfaces a request reaches, and the base URL they answer under (DESIGN §6 `{agent_base}`). */
export interface AgentSurfaceTarget {
  partnerId: string;
  /** `{base_url}/agents/{partnerId}`, or `https://{domain}` for a domain the partner registered. */
  agentBase: string;
}

/** A protocol's surfaces (profile or discovery, REST, MCP), as a function of a request relative to the agent base. */
export type AgentSurfaceHandler = (request: HttpRequest, target: AgentSurfaceTarget) => Promise<HttpResponse>;

export interface AgentRouterOptions {
  publicBaseUrl: string;
  /** UCP: `/.well-known/ucp`, `/ucp/…`, and the sandbox's `/testing/…`. */
  ucp?: AgentSurfaceHandler | undefined;
  /** ACP: `/.well-known/acp.json`, `/acp/…`. */
  acp?: AgentSurfaceHandler | undefined;
  /** The partner of a registered domain (the request's Host), or null. */
  partnerOfHost: (host: string | undefined) => Promise<string | null>;
  /** Whether a partner exists (an unknown partner id is a 404, not a profile). */
  partnerExists: (partnerId: string) => Promise<boolean>;
}

const UNDER_AGENTS = /^\/agents\/([A-Za-z0-9_]{1,64})(\/.*)$/;
const AGENT_PATH = /^\/(?:\.well-known\/(?:ucp|acp\.json)$|ucp\/|acp\/|testing\/)/;

const notFound = (): HttpResponse => errorResponse(404, 'NOT_FOUND', 'No such agent surface.');

/**
 * Routes agent platforms' requests to the protocol surfaces of one partner: under
 * `/agents/{partnerId}` on the API's host, or at the root of a domain the partner registered (the
 * Host selects the partner only then). Returns null for requests that are not for agent surfaces.
 */
export function createAgentRouter(options: AgentRouterOptions): (request: HttpRequest) => Promise<HttpResponse> | null {
  const base = options.publicBaseUrl.replace(/\/$/, '');
  const ownHost = new URL(base).host;
  const dispatch = async (request: HttpRequest, target: AgentSurfaceTarget): Promise<HttpResponse> => {
    const { path } = request;
    const handler =
      path === '/.well-known/acp.json' || path.startsWith('/acp/')
        ? options.acp
        : path === '/.well-known/ucp' || path.startsWith('/ucp/') || path.startsWith('/testing/')
          ? options.ucp
          : undefined;
    return handler ? handler(request, target) : notFound();
  };
  return (request) => {
    const under = UNDER_AGENTS.exec(request.path);
    if (under) {
      const [, partnerId = '', rest = '/'] = under;
      return options
        .partnerExists(partnerId)
        .then((exists) =>
          exists
            ? dispatch({ ...request, path: rest }, { partnerId, agentBase: `${base}/agents/${partnerId}` })
            : notFound(),
        );
    }
    const host = request.headers.host?.toLowerCase();
    if (!AGENT_PATH.test(request.path) || host === undefined || host === ownHost) return null;
    return options
      .partnerOfHost(host)
      .then((partnerId) =>
        partnerId ? dispatch(request, { partnerId, agentBase: `https://${host.replace(/:\d+$/, '')}` }) : notFound(),
      );
  };
}
