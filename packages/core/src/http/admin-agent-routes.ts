import { z } from 'zod';
import type { Commerce } from '../services/commerce.ts';
import { noContent, parseBody, type RequestBody, route, type Route } from './admin-route.ts';

const policyUrl = z.string().max(2000).nullable().optional();

const issueAgentBody: z.ZodType<RequestBody<'/admin/partners/{partnerId}/agents', 'post'>> = z
  .object({
    name: z.string().max(100),
    protocols: z
      .array(z.enum(['ucp', 'acp']))
      .min(1)
      .max(2)
      .optional(),
    webhookUrl: z.string().max(2000).optional(),
    environment: z.enum(['sandbox', 'production']).optional(),
  })
  .strict();
const addDomainBody: z.ZodType<RequestBody<'/admin/partners/{partnerId}/domains', 'post'>> = z
  .object({ host: z.string().max(253) })
  .strict();
const shopSettingsBody: z.ZodType<RequestBody<'/admin/partners/{partnerId}/shop-settings', 'post'>> = z
  .object({
    shopName: z.string().max(100).optional(),
    supportEmail: z.string().max(254).nullable().optional(),
    privacyPolicyUrl: policyUrl,
    termsOfServiceUrl: policyUrl,
    refundPolicyUrl: policyUrl,
    shippingPolicyUrl: policyUrl,
    faqUrl: policyUrl,
  })
  .strict();

/** Agent platforms of a partner (UCP and ACP callers), its signing keys, domains and shop settings. */
export function agentRoutes(commerce: Commerce): Route[] {
  const { agents } = commerce;
  return [
    route('/admin/partners/{partnerId}/agents', 'post', async ({ partnerId }, { body }) => ({
      status: 201,
      body: await agents.issue(partnerId, parseBody(issueAgentBody, body)),
    })),
    route('/admin/partners/{partnerId}/agents', 'get', async ({ partnerId }) => ({
      status: 200,
      body: { agents: await agents.list(partnerId) },
    })),
    route('/admin/partners/{partnerId}/agents/{agentId}', 'delete', async ({ partnerId, agentId }) => {
      await agents.revoke(partnerId, agentId);
      return noContent;
    }),
    route('/admin/partners/{partnerId}/domains', 'post', async ({ partnerId }, { body }) => ({
      status: 201,
      body: await agents.addDomain(partnerId, parseBody(addDomainBody, body).host),
    })),
    route('/admin/partners/{partnerId}/domains', 'get', async ({ partnerId }) => ({
      status: 200,
      body: { domains: await agents.listDomains(partnerId) },
    })),
    route('/admin/partners/{partnerId}/domains/{host}', 'delete', async ({ partnerId, host }) => {
      await agents.removeDomain(partnerId, host);
      return noContent;
    }),
    route('/admin/partners/{partnerId}/signing-keys', 'get', async ({ partnerId }) => ({
      status: 200,
      body: { keys: (await agents.publishedKeys(partnerId)) as Record<string, string>[] },
    })),
    route('/admin/partners/{partnerId}/signing-keys/rotate', 'post', async ({ partnerId }) => {
      await agents.rotateSigningKey(partnerId);
      return { status: 200, body: { keys: (await agents.publishedKeys(partnerId)) as Record<string, string>[] } };
    }),
    route('/admin/partners/{partnerId}/shop-settings', 'get', async ({ partnerId }) => ({
      status: 200,
      body: await agents.shopSettings(partnerId),
    })),
    route('/admin/partners/{partnerId}/shop-settings', 'post', async ({ partnerId }, { body }) => ({
      status: 200,
      body: await agents.putShopSettings(partnerId, parseBody(shopSettingsBody, body)),
    })),
  ];
}
