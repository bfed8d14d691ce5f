import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createOriginPolicy } from '../src/index.ts';

test('origins: absent passes, allowed origins pass in any spelling, everything else is refused', () => {
  const verdict = createOriginPolicy(['https://api.example.com/', 'http://127.0.0.1:4000', 'not a url']);
  assert.equal(verdict(undefined), 'absent');
  assert.equal(verdict(''), 'absent');
  assert.equal(verdict('https://api.example.com'), 'allowed');
  assert.equal(verdict('https://API.example.com:443'), 'allowed');
  assert.equal(verdict('http://127.0.0.1:4000'), 'allowed');
  assert.equal(verdict('http://127.0.0.1:4001'), 'refused', 'another port is another origin');
  assert.equal(verdict('http://api.example.com'), 'refused', 'another scheme is another origin');
  assert.equal(verdict('https://api.example.com.evil.test'), 'refused');
  assert.equal(verdict('null'), 'refused', 'opaque origins (sandboxed frames, files) are refused');
  assert.equal(verdict('garbage'), 'refused');
  assert.equal(createOriginPolicy([])('https://api.example.com'), 'refused');
});
