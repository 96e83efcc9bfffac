// Requests whose body is larger than Next accepts in a server action (1 MB: an upload form): refused here with a 413
// and a sentence saying the size and the limit, before Next reads any of it (it answered such a request with a 500).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { UPLOAD_LIMIT_BYTES } from '../lib/datasets';

/** Next's limit on a server action's body (`serverActions.bodySizeLimit`, default 1 MB); the app has no other POST route. */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

/** Bodies up to this size are read (and dropped) before the answer; larger ones are answered at once. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Answers 413 to a POST whose declared length is over the limit (a form with a file too large), and says so (true);
 * anything else is left to Next (false). A body sent without a length is still limited by Next itself.
 */
export function refuseLargeBody(req: IncomingMessage, res: ServerResponse, limit = ACTION_BODY_LIMIT_BYTES): boolean {
  if (req.method !== 'POST') return false;
  const length = Number(req.headers['content-length']);
  if (!Number.isFinite(length) || length <= limit) return false;
  // Security decision: refused before a byte is read, so a stranger cannot make the server buffer a large body.
  const body =
    `the upload is ${mb(length)}; the largest the server takes is ${mb(limit)} (a file in a form up to ${Math.round(UPLOAD_LIMIT_BYTES / 1024)} kB). ` +
    'Import a larger file with the command line: npm run arena -- import gamebench FILE --dataset NAME\n';
  const answer = () => {
    if (res.headersSent) return;
    res.writeHead(413, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    res.end(body);
  };
  // What is sent is read and dropped, never kept; the answer goes once it is all in (a browser still sending shows a
  // reset connection rather than an answer), or at once for a body too large to wait for.
  if (length > DRAIN_LIMIT_BYTES) answer();
  req.on('end', answer);
  req.on('error', () => {});
  req.resume();
  return true;
}
