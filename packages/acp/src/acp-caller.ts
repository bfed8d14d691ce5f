import type { AgentRecord, Commerce, SessionCaller } from '@grocery/core';
import { bearerCredential } from '@grocery/core/http';
import { acpError, type AcpProtocolError } from './acp-error.ts';
import { ACP_SUPPORTED_VERSIONS } from './acp-version.ts';

/** The merchant a request is for: the partner, and the agent base its URLs are built from. */
export interface AcpTarget {
  partnerId: string;
  /** `{base_url}/agents/{partnerId}` or `https://{domain}`, without a trailing slash. */
  agentBase: string;
}

/** An authenticated agent: the session caller core takes, and the owner of its idempotency keys. */
export interface AcpPrincipal {
  agent: AgentRecord;
  caller: SessionCaller;
  /** Owner of the agent's idempotency keys in the store (`agent:{agentId}`). */
  ownerId: string;
}

/** True for a protocol error (rather than a principal). */
export function isAcpError(value: unknown): value is AcpProtocolError {
  return typeof value === 'object' && value !== null && 'status' in value && 'type' in value && 'code' in value;
}

const unauthorized = (message: string): AcpProtocolError =>
  acpError(401, 'unauthorized', message, { headers: { 'www-authenticate': 'Bearer realm="acp"' } });

/**
 * The caller of a request: `Authorization: Bearer ak_…`, an agent credential the partner issued,
 * which must be the target partner's (401 otherwise) and list `acp` (403). One unit of the agent's
 * rate budget is taken per request (429 with `Retry-After` past it). Order events of its sessions go
 * to the agent's registered webhook URL.
 */
export async function authenticateAcpCaller(
  commerce: Commerce,
  authorization: string | undefined,
  target: AcpTarget,
): Promise<AcpPrincipal | AcpProtocolError> {
  const token = bearerCredential(authorization);
  if (token === null) return unauthorized('Send the agent credential the shop issued as Authorization: Bearer.');
  const context = await commerce.agents.verify(token);
  if (!context || context.agent.partnerId !== target.partnerId)
    return unauthorized('The agent credential is not valid for this shop.');
  const { agent, partner } = context;
  if (!agent.protocols.includes('acp'))
    return acpError(403, 'forbidden', 'This agent credential is not allowed to use ACP.');
  const decision = await commerce.rateLimiter.take(
    `agent:${agent.agentId}`,
    commerce.ratePolicies.partner[partner.environment],
  );
  if (!decision.allowed)
    return acpError(429, 'rate_limited', `Too many requests; retry in ${decision.resetSeconds} s.`, {
      retryAfterSeconds: Math.max(1, decision.resetSeconds),
    });
  return {
    agent,
    caller: { partner, callerId: agent.agentId, protocol: 'acp', profileUrl: null, webhookUrl: agent.webhookUrl },
    ownerId: `agent:${agent.agentId}`,
  };
}

/** Null when `API-Version` names a version the shop answers; else 400 `missing_api_version` / `unsupported_api_version`. */
export function checkApiVersion(version: unknown): AcpProtocolError | null {
  const supportedVersions = ACP_SUPPORTED_VERSIONS;
  if (version === undefined || version === null || version === '')
    return acpError(400, 'missing_api_version', `Send API-Version: ${supportedVersions.at(-1) ?? ''}.`, {
      supportedVersions,
    });
  if (typeof version !== 'string' || !supportedVersions.includes(version.trim()))
    return acpError(400, 'unsupported_api_version', `This shop answers API-Version ${supportedVersions.join(', ')}.`, {
      supportedVersions,
    });
  return null;
}
