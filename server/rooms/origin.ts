// Which pages may open the arena's socket: its own origin and those ARENA_ALLOWED_ORIGINS names (issue 35, item 3).
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Server, Socket } from 'socket.io';

/** An origin as browsers write it in the Origin header ("https://arena.example.org", "http://localhost:3000"), or null. */
export function parseOrigin(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (u.username || u.password || u.pathname !== '/' || u.search || u.hash) return null;
  return u.origin;
}

const first = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h)?.split(',')[0]?.trim() || undefined;

/**
 * The origin the socket was asked for: the scheme and Host of the handshake (as a reverse proxy names them in
 * X-Forwarded-Proto and X-Forwarded-Host, when it sends them). A browser page cannot set these headers on a
 * WebSocket or on a cross-origin request without a preflight (which engine.io does not answer), so a page on another
 * origin cannot make it equal its own; a non-browser client can send anything, but it can send no Origin at all too.
 */
export function socketOrigin(headers: IncomingHttpHeaders, secure: boolean): string | null {
  const proto = first(headers['x-forwarded-proto']) ?? (secure ? 'https' : 'http');
  const host = first(headers['x-forwarded-host']) ?? headers.host;
  return host ? parseOrigin(`${proto}://${host}`) : null;
}

/**
 * Why a handshake may not open a socket, or null when it may. Security decision: the person's cookie rides on every
 * request to this host, from any page of the same site (another port of the same host is the same site), so a page
 * on another origin could otherwise open a socket as that person and move or resign for them. Browsers always send
 * Origin on a WebSocket handshake and on cross-origin XHR/fetch: it must be the arena's own origin (the one the socket
 * was asked for: same scheme, host and port) or one of `allowed`. A handshake without Origin cannot come from a
 * script on another origin (the CLI, tests and benchmarks use socket.io-client in Node, which sends none): it is let
 * in. The one way a page could read an answer to a request it made without Origin, JSONP polling (a <script> tag),
 * is refused outright (`refuseJsonp`).
 */
export function originRefusal(
  headers: IncomingHttpHeaders,
  secure: boolean,
  allowed: readonly string[],
): string | null {
  const sent = headers.origin;
  if (sent === undefined) return null;
  const origin = parseOrigin(String(sent));
  const own = socketOrigin(headers, secure);
  if (origin && (origin === own || allowed.includes(origin))) return null;
  return (
    `this page (${String(sent).slice(0, 100)}) may not open the arena's live connection: only the arena's own pages ` +
    `(${own ?? 'its own origin'}) may. Open the arena at its own address, or, if it is served under another address ` +
    `(a reverse proxy), add that origin to ARENA_ALLOWED_ORIGINS`
  );
}

/** engine.io middleware: JSONP polling (`?j=`) is not served (no socket.io client of version 3 or later uses it). */
export function refuseJsonp(req: IncomingMessage, res: ServerResponse, next: (err?: Error) => void): void {
  if (new URL(req.url ?? '/', 'http://x').searchParams.has('j')) {
    // Two calls: on a WebSocket upgrade engine.io passes a stand-in whose writeHead returns nothing.
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('JSONP polling is not served: use a socket.io client of version 3 or later\n');
    return;
  }
  next();
}

/** Installs the origin rule on a socket.io server: before any other check, a socket from a foreign page is refused. */
export function checkOrigins(io: Server, allowed: readonly string[]): void {
  io.engine.use(refuseJsonp);
  io.use((socket: Socket, next) => {
    const why = originRefusal(socket.handshake.headers, socket.handshake.secure, allowed);
    next(why ? new Error(why) : undefined);
  });
}
