import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isUcpError, parseUcpAgent, type ParseUcpAgentOptions } from '../src/index.ts';

function assertInvalid(header: string | undefined, options?: ParseUcpAgentOptions, message?: RegExp): void {
  assert.throws(
    () => parseUcpAgent(header, options),
    (error) =>
      isUcpError(error) &&
      error.code === 'invalid_profile_url' &&
      error.status === 400 &&
      (!message || message.test(error.message)),
    String(header).slice(0, 80),
  );
}

describe('parseUcpAgent', () => {
  test('reads the profile URL of the spec example', () => {
    const agent = parseUcpAgent('profile="https://platform.example/.well-known/ucp"');
    assert.equal(agent.profileUrl.href, 'https://platform.example/.well-known/ucp');
    assert.equal(agent.version, undefined);
  });

  test('reads a version as a member or as a parameter of profile', () => {
    assert.equal(parseUcpAgent('profile="https://a.example/p", version="2026-04-08"').version, '2026-04-08');
    assert.equal(parseUcpAgent('profile="https://a.example/p"; version="2026-01-11"').version, '2026-01-11');
    assert.equal(
      parseUcpAgent('profile="https://a.example/p";version="2026-01-11", version="2026-01-11"').version,
      '2026-01-11',
    );
    assertInvalid('profile="https://a.example/p";version="2026-01-11", version="2026-04-08"', {}, /two different/);
  });

  test('other members and parameters are ignored, as RFC 8941 dictionaries allow', () => {
    assert.equal(
      parseUcpAgent('name="agent", profile="https://a.example/p";x=1, other=?1').profileUrl.host,
      'a.example',
    );
  });

  test('http is refused unless the caller allows it (sandbox)', () => {
    assertInvalid('profile="http://localhost:8285/profile"', {}, /https/);
    assert.equal(parseUcpAgent('profile="http://localhost:8285/profile"', { allowHttp: true }).profileUrl.port, '8285');
    assertInvalid('profile="ftp://a.example/p"', { allowHttp: true });
  });

  test('missing, empty, or without a profile member is invalid_profile_url', () => {
    assertInvalid(undefined, {}, /required/);
    assertInvalid('', {}, /required/);
    assertInvalid('   ');
    assertInvalid('version="2026-04-08"', {}, /no profile/);
  });

  test('bad syntax and wrong types are invalid_profile_url', () => {
    const hostile = [
      'profile=https://a.example/p', // a token cannot hold "://"
      'profile="https://a.example/p', // unterminated string
      'profile=("https://a.example/p")', // inner list
      'profile=:aHR0cHM6Ly9hLmV4YW1wbGUvcA==:', // byte sequence
      'profile=1',
      'profile=?1',
      'profile=token',
      'profile="not a url"',
      'profile="/relative/path"',
      'profile="https://user:pass@a.example/p"',
      'profile="https://a.example/p#frag"',
      'profile="javascript:alert(1)"',
      'profile="https://a.example/p", version=2026',
      'profile="https://a.example/p", version="latest"',
      'profile="https://a.example/p", version=("2026-04-08")',
      'profile="https://a.example/p"; version=?1',
      'profile="https://a.example/\u00e9"', // non-ASCII is not a structured string
      'profile="https://a.example/p",,',
      '😀',
    ];
    for (const header of hostile) assertInvalid(header);
  });

  test('a huge header is refused before it is parsed', () => {
    const huge = `profile="https://a.example/${'a'.repeat(3000)}"`;
    assertInvalid(huge, {}, /longer than 2048/);
    assert.equal(parseUcpAgent(huge, { maxLength: 4096 }).profileUrl.host, 'a.example');
    assertInvalid(`profile="https://a.example/p", ${'x=1, '.repeat(100_000)}`, {}, /longer/);
  });
});
