import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { profileSchema } from '../src/index.ts';
import { officialSchemas, PROFILE_SCHEMA_ID } from './support/official-schemas.ts';
import { businessProfile, platformProfile } from './support/profiles.ts';

const validateOfficial = officialSchemas().getSchema(PROFILE_SCHEMA_ID)!;

type Json = Record<string, unknown>;
type Draft = Json & { ucp: Json };
/** A copy of a profile changed by `edit` (which may mutate it freely). */
function edited(profile: () => Json, edit: (copy: Draft) => void): unknown {
  const copy = structuredClone(profile()) as Draft;
  edit(copy);
  return copy;
}
const registry = (p: Draft, name: string) => p.ucp[name] as Record<string, Json[]>;
const service = (p: Draft) => registry(p, 'services')['dev.ucp.shopping']![0]!;
const capability = (p: Draft, name: string) => registry(p, 'capabilities')[name]![0]!;
const handler = (p: Draft) => Object.values(registry(p, 'payment_handlers'))[0]![0]!;

/** Documents and whether the official schema accepts them. */
const corpus: [string, unknown, boolean][] = [
  ['the platform profile example', platformProfile(), true],
  ['the business profile example', businessProfile(), true],
  ['a business profile without capabilities', edited(businessProfile, (p) => delete p.ucp.capabilities), true],
  [
    'supported_versions on a business',
    edited(
      businessProfile,
      (p) => (p.ucp.supported_versions = { '2026-01-11': 'https://b.example/.well-known/ucp/2026-01-11' }),
    ),
    true,
  ],
  [
    'unknown members everywhere',
    edited(platformProfile, (p) => {
      p.extra = 1;
      p.ucp.extra = {};
      service(p).extra = [];
    }),
    true,
  ],
  [
    'an a2a platform service without schema',
    edited(platformProfile, (p) => {
      service(p).transport = 'a2a';
      delete service(p).schema;
    }),
    true,
  ],
  [
    'an RSA signing key',
    edited(platformProfile, (p) => (p.signing_keys = [{ kid: 'r', kty: 'RSA', n: 'AQAB', e: 'AQAB', use: 'sig' }])),
    true,
  ],
  [
    'an embedded business service with a config',
    edited(businessProfile, (p) => {
      service(p).transport = 'embedded';
      delete service(p).endpoint;
      service(p).config = { color_scheme: ['dark'] };
    }),
    true,
  ],
  ['no ucp', { signing_keys: [] }, false],
  ['not an object', [], false],
  ['null', null, false],
  ['a draft version', edited(platformProfile, (p) => (p.ucp.version = 'draft')), false],
  ['no services', edited(platformProfile, (p) => delete p.ucp.services), false],
  ['no payment_handlers', edited(businessProfile, (p) => delete p.ucp.payment_handlers), false],
  [
    'a capability name not in reverse-domain form',
    edited(businessProfile, (p) => (registry(p, 'capabilities')['Checkout'] = [{ version: '2026-04-08' }])),
    false,
  ],
  ['an unknown transport', edited(platformProfile, (p) => (service(p).transport = 'grpc')), false],
  ['a rest service with neither schema nor endpoint', edited(platformProfile, (p) => delete service(p).schema), false],
  ['a business rest service without endpoint', edited(businessProfile, (p) => delete service(p).endpoint), false],
  [
    'a platform capability without schema (and a service without endpoint)',
    edited(platformProfile, (p) => delete capability(p, 'dev.ucp.shopping.checkout').schema),
    false,
  ],
  ['extends: []', edited(businessProfile, (p) => (capability(p, 'dev.ucp.shopping.fulfillment').extends = [])), false],
  [
    'extends not reverse-domain',
    edited(businessProfile, (p) => (capability(p, 'dev.ucp.shopping.fulfillment').extends = 'Checkout')),
    false,
  ],
  [
    'a capability version that is not a date',
    edited(businessProfile, (p) => (capability(p, 'dev.ucp.shopping.checkout').version = 'v1')),
    false,
  ],
  [
    'a spec that is not a URI',
    edited(businessProfile, (p) => (capability(p, 'dev.ucp.shopping.checkout').spec = 'not a uri')),
    false,
  ],
  ['a config that is an array', edited(businessProfile, (p) => (handler(p).config = [])), false],
  ['a payment handler without id', edited(businessProfile, (p) => delete handler(p).id), false],
  ['no available instruments', edited(platformProfile, (p) => (handler(p).available_instruments = [])), false],
  [
    'empty constraints',
    edited(platformProfile, (p) => (handler(p).available_instruments = [{ type: 'card', constraints: {} }])),
    false,
  ],
  ['a signing key without kty', edited(platformProfile, (p) => (p.signing_keys = [{ kid: 'k' }])), false],
  [
    'a signing key for wrapping',
    edited(platformProfile, (p) => (p.signing_keys = [{ kid: 'k', kty: 'EC', use: 'wrap' }])),
    false,
  ],
  ['signing_keys not an array', edited(platformProfile, (p) => (p.signing_keys = {})), false],
  [
    'a non-date supported version',
    edited(businessProfile, (p) => (p.ucp.supported_versions = { latest: 'https://b.example/p' })),
    false,
  ],
  [
    'an embedded config with an unknown color scheme',
    edited(businessProfile, (p) => {
      service(p).transport = 'embedded';
      service(p).config = { color_scheme: ['blue'] };
    }),
    false,
  ],
  ['an unknown status', edited(platformProfile, (p) => (p.ucp.status = 'ok')), false],
];

describe('profileSchema agrees with the official profile_schema.json', () => {
  for (const [name, document, accepted] of corpus)
    test(`${accepted ? 'accepts' : 'refuses'} ${name}`, () => {
      assert.equal(
        validateOfficial(document),
        accepted,
        `official schema: ${JSON.stringify(validateOfficial.errors?.slice(0, 2))}`,
      );
      const ours = profileSchema.safeParse(document);
      assert.equal(ours.success, accepted, ours.success ? 'accepted' : JSON.stringify(ours.error.issues.slice(0, 2)));
    });
});
