// A form posted with a body over Next's 1 MB server-action limit (a dataset file too large for the upload) is refused
// with a 413 that says the size and the limit, instead of Next's 500; smaller posts and other requests reach Next.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_BODY_LIMIT_BYTES, refuseLargeBody } from './body-limit';

let server: http.Server;
let base: string;
let reached: number;

beforeAll(async () => {
  reached = 0;
  // What server/arena.ts does, with a stand-in for Next that answers 500 to a large body as Next does.
  server = http.createServer((req, res) => {
    if (refuseLargeBody(req, res)) return;
    reached++;
    let size = 0;
    req.on('data', (c: Buffer) => (size += c.length));
    req.on('end', () =>
      res
        .writeHead(size > ACTION_BODY_LIMIT_BYTES ? 500 : 200)
        .end(size > ACTION_BODY_LIMIT_BYTES ? 'Internal Server Error' : 'ok'),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function upload(bytes: number): Promise<Response> {
  const form = new FormData();
  form.set('name', 'big');
  form.set('file', new Blob([new Uint8Array(bytes).fill(32)], { type: 'application/json' }), 'big.json');
  return fetch(`${base}/admin/datasets`, { method: 'POST', body: form, headers: { 'next-action': 'x' } });
}

describe('uploads over the server-action limit', () => {
  it('are refused with a 413 that says how large the upload is and what the limit is', async () => {
    const res = await upload(3.2 * 1024 * 1024);
    expect(res.status).toBe(413);
    expect(await res.text()).toMatch(
      /^the upload is 3\.2 MB; the largest the server takes is 1\.0 MB \(a file in a form up to 900 kB\)\. Import a larger file with the command line: npm run arena -- import gamebench FILE --dataset NAME\n$/,
    );
    expect(reached).toBe(0);
  });

  it('a form under the limit, and any GET, reach Next', async () => {
    expect((await upload(500 * 1024)).status).toBe(200);
    expect((await fetch(`${base}/leaderboard`)).status).toBe(200);
    expect(reached).toBe(2);
  });
});
