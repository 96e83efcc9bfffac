// Asks an OpenAI-compatible endpoint which models it serves (GET /models), for an admin's "Test connection" and the
// model check of the agent form; what came back is told in one short line (status, address, an excerpt, never a
// page, never the key).

/** At most this many characters of an endpoint's answer go into a message: enough to recognise it, one line. */
const EXCERPT_CHARS = 110;
const URL_CHARS = 60;

/** `s` on one line (control characters and runs of spaces as one space), cut to `max` characters with "…". */
export function oneLine(s: string, max: number): string {
  const flat = s.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * A short, single-line excerpt of what an endpoint answered: a JSON error's message, an HTML page's title, or the
 * start of the text. Never the whole page; a key the endpoint echoes back is blanked out.
 */
export function answerExcerpt(body: string, secret?: string): string {
  let text = body;
  if (secret && secret.length >= 4) text = text.split(secret).join('…');
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text);
  if (title)
    return oneLine(
      `<title>${oneLine(title[1]!, EXCERPT_CHARS)}</title>${text.length > title[0].length ? '…' : ''}`,
      EXCERPT_CHARS,
    );
  try {
    const j = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown };
    const m = typeof j.error === 'string' ? j.error : (j.error?.message ?? j.message ?? j.detail);
    if (typeof m === 'string' && m.trim()) return oneLine(m, EXCERPT_CHARS);
  } catch {
    // not JSON: the text itself
  }
  return text.trim() ? oneLine(text, EXCERPT_CHARS) : '(an empty answer)';
}

/** Asks `GET <baseUrl>/models` which models an endpoint serves; a failure in one line: status, address, excerpt. */
export async function listEndpointModels(
  baseUrl: string,
  apiKey: string | undefined,
  timeoutMs = 10_000,
): Promise<{ ok: true; models: string[] } | { ok: false; error: string }> {
  const url = `${baseUrl.replace(/\/+$/, '')}/models`;
  const where = oneLine(url, URL_CHARS);
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
      // Not followed: the key goes to the address it was saved for, nowhere else; the admin sees where it points.
      redirect: 'manual',
    });
  } catch (err) {
    const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      return { ok: false, error: `no answer from ${where} within ${Math.round(timeoutMs / 1000)} s` };
    const why =
      e.cause?.message === 'bad port'
        ? 'Node refuses to connect to this port (one reserved for other protocols)'
        : (e.cause?.code ?? e.cause?.message ?? e.message ?? String(err));
    return { ok: false, error: `no answer from ${where}: ${oneLine(why, 80)}` };
  }
  let body: string;
  try {
    body = await res.text();
  } catch (err) {
    return {
      ok: false,
      error: `HTTP ${res.status} from ${where}, cut off mid-answer: ${oneLine((err as Error).message, 80)}`,
    };
  }
  const location = res.headers.get('location');
  if (res.status >= 300 && res.status < 400 && location)
    return { ok: false, error: `HTTP ${res.status} from ${where}: it redirects to ${oneLine(location, URL_CHARS)}` };
  if (!res.ok) return { ok: false, error: `HTTP ${res.status} from ${where}: ${answerExcerpt(body, apiKey)}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(list))
    return {
      ok: false,
      error: `HTTP ${res.status} from ${where}, but not a model list: ${answerExcerpt(body, apiKey)}`,
    };
  const models = list
    .map((m) =>
      typeof m === 'string' ? m : typeof (m as { id?: unknown })?.id === 'string' ? (m as { id: string }).id : null,
    )
    .filter((m): m is string => !!m)
    .slice(0, 500);
  return { ok: true, models: [...new Set(models)].sort() };
}
