// Who is asking, for rate limits: the TCP peer's address, or with ARENA_TRUST_PROXY=1 the client a reverse proxy names.
// The custom server writes the answer into CLIENT_IP_HEADER on every request (overwriting whatever a client sent),
// so pages and server actions read one trusted header; sockets call clientIp() on their handshake.
import { isIP } from 'node:net';

export const CLIENT_IP_HEADER = 'x-arena-client-ip';

type Headers = Record<string, string | string[] | undefined>;

/** IPv4 peers reached over an IPv6 socket ("::ffff:1.2.3.4") are the same client as "1.2.3.4". */
function normal(addr: string): string {
  const a = addr.trim();
  return a.startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a;
}

/**
 * The client's address. Without a trusted proxy it is the socket's peer (a client cannot forge it); behind one
 * (ARENA_TRUST_PROXY=1), the last address the proxy appended to X-Forwarded-For, the one it saw itself.
 */
export function clientIp(remote: string | undefined, headers: Headers, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = headers['x-forwarded-for'];
    const list = (Array.isArray(xff) ? xff.join(',') : (xff ?? ''))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = list.at(-1);
    if (last && isIP(normal(last))) return normal(last);
  }
  return remote ? normal(remote) : 'unknown';
}

/** ARENA_TRUST_PROXY, read where no parsed config is at hand (server actions). */
export const trustProxy = (): boolean => ['1', 'true'].includes(process.env.ARENA_TRUST_PROXY ?? '');
