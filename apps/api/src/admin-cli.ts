/**
 * `npm run admin -- <command> [--flag value ...]`: the admin API from a terminal. It reads the API
 * URL and token from ADMIN_URL/ADMIN_TOKEN, else from DATA_DIR/dev-credentials.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

interface Command {
  summary: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: (flags: Record<string, string | undefined>) => string;
  body?: (flags: Record<string, string | undefined>) => unknown;
  flags: string[];
}

const list = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
const need = (flags: Record<string, string | undefined>, name: string): string => {
  const value = flags[name];
  if (!value) throw new Error(`--${name} is required`);
  return value;
};

const COMMANDS: Record<string, Command> = {
  'create-partner': {
    summary: 'Create a partner with its first key and app client',
    method: 'POST',
    path: () => '/admin/partners',
    body: (f) => ({
      name: need(f, 'name'),
      environment: f.environment ?? 'sandbox',
      redirectUris: list(f['redirect-uris']),
      clientId: f['client-id'],
    }),
    flags: ['name', 'environment', 'redirect-uris', 'client-id'],
  },
  'list-partners': { summary: 'List partners', method: 'GET', path: () => '/admin/partners', flags: [] },
  'issue-key': {
    summary: 'Issue another key for a partner',
    method: 'POST',
    path: (f) => `/admin/partners/${need(f, 'partner')}/keys`,
    body: (f) => ({ environment: f.environment ?? 'sandbox' }),
    flags: ['partner', 'environment'],
  },
  'list-keys': {
    summary: "List a partner's keys",
    method: 'GET',
    path: (f) => `/admin/partners/${need(f, 'partner')}/keys`,
    flags: ['partner'],
  },
  'revoke-key': {
    summary: 'Revoke a key by its prefix (pk_test_XXXX)',
    method: 'DELETE',
    path: (f) => `/admin/keys/${need(f, 'prefix')}`,
    flags: ['prefix'],
  },
  'add-client': {
    summary: 'Register an app client with redirect URIs',
    method: 'POST',
    path: (f) => `/admin/partners/${need(f, 'partner')}/clients`,
    body: (f) => ({ redirectUris: list(f['redirect-uris']) ?? [], clientId: f['client-id'] }),
    flags: ['partner', 'redirect-uris', 'client-id'],
  },
  'confirm-branch-resolution': {
    summary: "Confirm the partner's fulfilment-branch resolution",
    method: 'POST',
    path: (f) => `/admin/partners/${need(f, 'partner')}/branch-resolution`,
    flags: ['partner'],
  },
  'go-live-check': {
    summary: 'What a partner still needs before going live, and whether it is live',
    method: 'GET',
    path: (f) => `/admin/partners/${need(f, 'partner')}/go-live`,
    flags: ['partner'],
  },
  'go-live': {
    summary: 'Take a partner live (refused, listing what is missing, until the check is ready)',
    method: 'POST',
    path: (f) => `/admin/partners/${need(f, 'partner')}/go-live`,
    flags: ['partner'],
  },
  reconcile: {
    summary: "Compare the service's orders and payments with the grocer's and the providers'",
    method: 'GET',
    path: () => '/admin/reconciliation',
    flags: [],
  },
  'add-webhook': {
    summary: 'Register a webhook endpoint (prints its signing secret once)',
    method: 'POST',
    path: (f) => `/admin/partners/${need(f, 'partner')}/webhooks`,
    body: (f) => ({ url: need(f, 'url'), ...(f.events ? { events: list(f.events) } : {}) }),
    flags: ['partner', 'url', 'events'],
  },
  'list-webhooks': {
    summary: "List a partner's webhook endpoints",
    method: 'GET',
    path: (f) => `/admin/partners/${need(f, 'partner')}/webhooks`,
    flags: ['partner'],
  },
  'disable-webhook': {
    summary: 'Disable a webhook endpoint',
    method: 'DELETE',
    path: (f) => `/admin/webhooks/${need(f, 'endpoint')}`,
    flags: ['endpoint'],
  },
  'rotate-webhook-secret': {
    summary: "Rotate an endpoint's signing secret",
    method: 'POST',
    path: (f) => `/admin/webhooks/${need(f, 'endpoint')}/rotate-secret`,
    flags: ['endpoint'],
  },
  'list-deliveries': {
    summary: "A partner's webhook deliveries, newest first, with attempts",
    method: 'GET',
    path: (f) => `/admin/partners/${need(f, 'partner')}/deliveries`,
    flags: ['partner'],
  },
  redeliver: {
    summary: 'Deliver a delivery again',
    method: 'POST',
    path: (f) => `/admin/deliveries/${need(f, 'delivery')}/redeliver`,
    flags: ['delivery'],
  },
  'add-agent': {
    summary: 'Let an agent platform check out (prints its token and webhook secret once)',
    method: 'POST',
    path: (f) => `/admin/partners/${need(f, 'partner')}/agents`,
    body: (f) => ({
      name: need(f, 'name'),
      protocols: list(f.protocols),
      webhookUrl: f['webhook-url'],
      environment: f.environment,
    }),
    flags: ['partner', 'name', 'protocols', 'webhook-url', 'environment'],
  },
  'list-agents': {
    summary: "List a partner's agent platforms",
    method: 'GET',
    path: (f) => `/admin/partners/${need(f, 'partner')}/agents`,
    flags: ['partner'],
  },
  'revoke-agent': {
    summary: "Revoke an agent platform's credential",
    method: 'DELETE',
    path: (f) => `/admin/partners/${need(f, 'partner')}/agents/${need(f, 'agent')}`,
    flags: ['partner', 'agent'],
  },
  'add-domain': {
    summary: "Serve the partner's agent surfaces on its own domain",
    method: 'POST',
    path: (f) => `/admin/partners/${need(f, 'partner')}/domains`,
    body: (f) => ({ host: need(f, 'host') }),
    flags: ['partner', 'host'],
  },
  'list-domains': {
    summary: "List a partner's domains",
    method: 'GET',
    path: (f) => `/admin/partners/${need(f, 'partner')}/domains`,
    flags: ['partner'],
  },
  'remove-domain': {
    summary: 'Stop serving a partner on a domain',
    method: 'DELETE',
    path: (f) => `/admin/partners/${need(f, 'partner')}/domains/${need(f, 'host')}`,
    flags: ['partner', 'host'],
  },
  'rotate-signing-key': {
    summary: "Make a new key for the partner's UCP signatures (the old one stays published 7 days)",
    method: 'POST',
    path: (f) => `/admin/partners/${need(f, 'partner')}/signing-keys/rotate`,
    flags: ['partner'],
  },
  'shop-settings': {
    summary: "Show the shop's name, support e-mail and policy links that agents show",
    method: 'GET',
    path: (f) => `/admin/partners/${need(f, 'partner')}/shop-settings`,
    flags: ['partner'],
  },
  'set-shop-settings': {
    summary: "Replace the shop's name, support e-mail and policy links (a flag left out is cleared)",
    method: 'POST',
    path: (f) => `/admin/partners/${need(f, 'partner')}/shop-settings`,
    body: (f) => ({
      shopName: f['shop-name'],
      supportEmail: f['support-email'] ?? null,
      privacyPolicyUrl: f.privacy ?? null,
      termsOfServiceUrl: f.terms ?? null,
      refundPolicyUrl: f.refunds ?? null,
      shippingPolicyUrl: f.shipping ?? null,
      faqUrl: f.faq ?? null,
    }),
    flags: ['partner', 'shop-name', 'support-email', 'privacy', 'terms', 'refunds', 'shipping', 'faq'],
  },
  'grocer-price': {
    summary: 'Simulator: set a branch price in THB (omit --amount to unprice)',
    method: 'POST',
    path: () => '/admin/grocer/prices',
    body: (f) => ({
      branchCode: need(f, 'branch'),
      cprcode: need(f, 'cprcode'),
      amount: f.amount === undefined ? null : Number(f.amount),
    }),
    flags: ['branch', 'cprcode', 'amount'],
  },
  'grocer-stock': {
    summary: 'Simulator: set stock at a branch',
    method: 'POST',
    path: () => '/admin/grocer/stock',
    body: (f) => ({ branchCode: need(f, 'branch'), cprcode: need(f, 'cprcode'), qty: Number(need(f, 'qty')) }),
    flags: ['branch', 'cprcode', 'qty'],
  },
  'grocer-advance': {
    summary: "Simulator: move an order's picking one step",
    method: 'POST',
    path: (f) => `/admin/grocer/orders/${need(f, 'order')}/advance`,
    flags: ['order'],
  },
};

function usage(): string {
  return [
    'Usage: npm run admin -- <command> [--flag value ...]',
    '',
    ...Object.entries(COMMANDS).map(
      ([name, c]) =>
        `  ${name.padEnd(28)} ${c.summary}${c.flags.length ? `  (${c.flags.map((f) => `--${f}`).join(' ')})` : ''}`,
    ),
  ].join('\n');
}

function credentials(): { url: string; token: string } {
  const file = join(process.env.DATA_DIR ?? '.data', 'dev-credentials.json');
  const saved = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { baseUrl: string; adminToken: string })
    : null;
  const url = process.env.ADMIN_URL ?? saved?.baseUrl;
  const token = process.env.ADMIN_TOKEN ?? saved?.adminToken;
  if (!url || !token) throw new Error(`Set ADMIN_URL and ADMIN_TOKEN (or start the API once so ${file} exists).`);
  return { url, token };
}

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(usage());
    return name ? 2 : 0;
  }
  const { values } = parseArgs({
    args: rest,
    options: Object.fromEntries(command.flags.map((f) => [f, { type: 'string' as const }])),
    strict: true,
  });
  const flags = values as Record<string, string | undefined>;
  const { url, token } = credentials();
  const response = await fetch(`${url}${command.path(flags)}`, {
    method: command.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: command.body ? JSON.stringify(command.body(flags)) : undefined,
  });
  const text = await response.text();
  console.log(text ? JSON.stringify(JSON.parse(text), null, 2) : `${response.status} ${response.statusText}`);
  return response.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
