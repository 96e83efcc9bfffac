// Test helper: a real HTTP chat-completions endpoint that breaks in a chosen way (cut connection, invalid JSON, HTML…).
import http from 'node:http';
import { freePort } from '../net';

/** The ways a provider breaks after answering 200 (the SDK's own retries do not cover them). */
export const FAULTS = {
  /** Headers and half a JSON body, then the socket is destroyed. */
  cut: /provider cut the connection mid-reply/,
  /** `application/json` whose body does not parse. */
  'bad-json': /provider returned invalid JSON/,
  /** `{"choices": []}`. */
  'no-choices': /provider returned no choices/,
  /** A 200 HTML error page (a proxy's or a gateway's). */
  html: /provider returned a 200 response that is not a chat completion \(text\/html: "<!DOCTYPE html>/,
  /** A choice without a `message`. */
  'no-message': /provider returned a choice without a message/,
} as const;
export type Fault = keyof typeof FAULTS;

/**
 * What to answer a request: a fault; 'legal' = the first legal move listed in the prompt; 'hang' = nothing; an HTTP
 * status (with `retry-after-ms: 1`, so the SDK's retries are quick); a raw 200 body; or a well-formed completion's
 * message fields.
 */
export type Answer =
  | Fault
  | 'legal'
  | 'hang'
  | { status: number }
  | { raw: string; contentType?: string }
  | { content: string | null | unknown[]; refusal?: string; finishReason?: string; contentType?: string };

export interface FaultyEndpoint {
  url: string;
  /** POST /chat/completions requests received so far. */
  readonly requests: number;
  close(): Promise<void>;
}

const USAGE = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };

function completion(message: Record<string, unknown>, finishReason = 'stop') {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model: 'm',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finishReason }],
    usage: USAGE,
  };
}

/** The first "- <move>" line under the latest "Legal moves:" of the conversation; null when there is none. */
function firstLegal(body: { messages?: { role: string; content: string }[] }): string | null {
  const turn = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user' && /Legal moves:/i.test(m.content));
  const line = turn?.content
    .split(/Legal moves:/i)[1]
    ?.split('\n')
    .find((l) => l.startsWith('- '));
  return line ? line.slice(2).trim() : null;
}

/** `answer(i, body)` decides the i-th (0-based) chat-completions request's answer. */
export async function startFaultyEndpoint(answer: (i: number, body: unknown) => Answer): Promise<FaultyEndpoint> {
  let requests = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const a = answer(requests++, body);
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(typeof value === 'string' ? value : JSON.stringify(value));
      };
      if (a === 'hang') return;
      if (a === 'cut') {
        const text = JSON.stringify(completion({ content: 'X: (1,1)' }));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
        res.write(text.slice(0, text.length >> 1), () => res.socket?.destroy());
      } else if (a === 'bad-json')
        json(200, '{"id":"chatcmpl-test","choices":[{"message":{"content":"X: (1,1)"}, oops');
      else if (a === 'no-choices')
        json(200, { id: 'chatcmpl-test', object: 'chat.completion', choices: [], usage: USAGE });
      else if (a === 'html') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>nginx</p></body></html>',
        );
      } else if (a === 'no-message')
        json(200, { id: 'chatcmpl-test', choices: [{ index: 0, finish_reason: 'stop' }], usage: USAGE });
      else if (a === 'legal') {
        const move = firstLegal(body);
        if (move) json(200, completion({ content: move }));
        else json(400, { error: { message: 'the test endpoint found no "Legal moves:" list in the prompt' } });
      } else if ('raw' in a) {
        res.writeHead(200, { 'content-type': a.contentType ?? 'application/json' });
        res.end(a.raw);
      } else if ('status' in a)
        json(a.status, { error: { message: `failing on purpose (${a.status})` } }, { 'retry-after-ms': '1' });
      else {
        const c = completion({ content: a.content, ...(a.refusal ? { refusal: a.refusal } : {}) }, a.finishReason);
        if (a.contentType) {
          res.writeHead(200, { 'content-type': a.contentType });
          res.end(JSON.stringify(c));
        } else json(200, c);
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
