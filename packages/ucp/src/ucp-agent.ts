import { parseDictionary, type BareItem, type Dictionary } from 'structured-headers';
import { UcpError } from './ucp-error.ts';

/** What a `UCP-Agent` header says: the caller's profile URL and, optionally, its protocol version. */
export interface UcpAgent {
  profileUrl: URL;
  /** The `version` the header declares (`YYYY-MM-DD`), when it declares one. */
  version: string | undefined;
}

export interface ParseUcpAgentOptions {
  /** Accept `http:` profile URLs (sandbox partners, whose platforms may run on localhost). Default false. */
  allowHttp?: boolean;
  /** Longest header accepted, in characters (default 2,048): a profile URL is short. */
  maxLength?: number;
}

const VERSION = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_MAX_LENGTH = 2048;

function invalid(content: string, cause?: unknown): UcpError {
  return new UcpError('invalid_profile_url', content, { cause });
}

function parseHeader(header: string): Dictionary {
  try {
    return parseDictionary(header);
  } catch (error) {
    throw invalid(
      'UCP-Agent is not an RFC 8941 dictionary, e.g. profile="https://platform.example/.well-known/ucp".',
      error,
    );
  }
}

function profileUrlOf(value: BareItem, allowHttp: boolean): URL {
  if (typeof value !== 'string') throw invalid('UCP-Agent profile must be a quoted string holding a URL.');
  let url: URL;
  try {
    url = new URL(value);
  } catch (error) {
    throw invalid('UCP-Agent profile is not an absolute URL.', error);
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:'))
    throw invalid(
      allowHttp ? 'UCP-Agent profile must be an https or http URL.' : 'UCP-Agent profile must be an https URL.',
    );
  if (url.username !== '' || url.password !== '') throw invalid('UCP-Agent profile must not carry credentials.');
  if (url.hash !== '') throw invalid('UCP-Agent profile must not carry a fragment.');
  return url;
}

function versionOf(value: BareItem | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !VERSION.test(value))
    throw invalid('UCP-Agent version must be a quoted YYYY-MM-DD string.');
  return value;
}

/**
 * Parses the `UCP-Agent` request header (overview.md "Platform Advertisement on Request") as an RFC
 * 8941 dictionary: `profile="https://…"` is required, an https URL (http too when `allowHttp`), and
 * a `version="YYYY-MM-DD"` is read either as a member or as a parameter of `profile`. Anything else
 * (missing, too long, bad syntax, wrong types) throws `invalid_profile_url` (400).
 *
 * @example
 * parseUcpAgent('profile="https://agent.example/.well-known/ucp"').profileUrl.href;
 */
export function parseUcpAgent(header: string | undefined, options: ParseUcpAgentOptions = {}): UcpAgent {
  if (header === undefined || header.trim() === '') throw invalid('The UCP-Agent header is required.');
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  if (header.length > maxLength) throw invalid(`UCP-Agent is longer than ${maxLength} characters.`);
  const members = parseHeader(header);
  const profile = members.get('profile');
  if (profile === undefined) throw invalid('UCP-Agent has no profile member.');
  if (Array.isArray(profile[0])) throw invalid('UCP-Agent profile must be a quoted string, not a list.');
  const profileUrl = profileUrlOf(profile[0] as BareItem, options.allowHttp ?? false);
  const member = members.get('version');
  if (member !== undefined && Array.isArray(member[0]))
    throw invalid('UCP-Agent version must be a string, not a list.');
  const asMember = versionOf(member?.[0] as BareItem | undefined);
  const asParameter = versionOf(profile[1].get('version'));
  if (asMember !== undefined && asParameter !== undefined && asMember !== asParameter)
    throw invalid('UCP-Agent declares two different versions.');
  return { profileUrl, version: asMember ?? asParameter };
}
