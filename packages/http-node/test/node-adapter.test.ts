import assert from 'node:assert/strict';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { jsonResponse, type HttpRequest } from '@grocery/core/http';
import { createNodeListener, listen } from '../src/index.ts';

/** A GET on a connection of its own; the answer, or the socket error. */
function get(
  origin: string,
  path: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string } | Error> {
  return new Promise((resolve) => {
    const req = request(`${origin}${path}`, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', resolve);
    });
    req.on('error', resolve);
    req.end();
  });
}

describe('listen().close(drainMs)', () => {
  it('stops accepting, lets requests finish until the deadline, then answers the rest 503 SHUTTING_DOWN with Retry-After', async () => {
    const started: string[] = [];
    const handler = async (request: HttpRequest) => {
      started.push(request.path);
      const ms = Number(request.path.slice(1));
      await sleep(ms);
      return jsonResponse(200, { waited: ms });
    };
    let faults = 0;
    const server = await listen({}, createNodeListener(handler, { maxBodyBytes: () => 1024, onError: () => faults++ }));
    const quick = get(server.origin, '/100');
    const slow = get(server.origin, '/2000');
    while (started.length < 2) await sleep(5);
    const handlersDone = sleep(2_100);
    const closing = server.close(400);
    const refused = await get(server.origin, '/0');
    assert.ok(
      refused instanceof Error && (refused as NodeJS.ErrnoException).code === 'ECONNREFUSED',
      'new connections are refused at once',
    );
    const answered = await quick;
    assert.ok(!(answered instanceof Error));
    assert.equal(answered.status, 200, 'a request that finishes within the drain gets its answer');
    assert.equal(answered.headers.connection, 'close');
    const cut = await slow;
    assert.ok(!(cut instanceof Error), 'a request past the deadline gets an answer, not a socket error');
    assert.equal(cut.status, 503);
    assert.equal(cut.headers['retry-after'], '1');
    assert.equal(cut.headers.connection, 'close');
    assert.equal((JSON.parse(cut.body) as { error: { code: string } }).error.code, 'SHUTTING_DOWN');
    await closing;
    // The handler's own answer comes later, to a response already written: dropped without a fault.
    await handlersDone;
    assert.equal(faults, 0);
  });
});
