// Images in chat messages (the OpenAI content-part format): reading a PNG's header, data URLs, and the short
// placeholder an image becomes in stored calls (llm_calls) and exports. Pure and dependency-free, so the simulated
// endpoint can read images without the renderer (server/llm/board-image.ts).
import { createHash } from 'node:crypto';
import type OpenAI from 'openai';

export type TextPart = OpenAI.Chat.Completions.ChatCompletionContentPartText;
export type ImagePart = OpenAI.Chat.Completions.ChatCompletionContentPartImage;
/** A part of a user message's content: text, or an image (`image_url`, here always a `data:` URL). */
export type ContentPart = TextPart | ImagePart;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let crcTable: Uint32Array | null = null;
/** CRC-32 as PNG chunks use it (ISO 3309). */
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * The size of a PNG from its header: the 8-byte signature, then the IHDR chunk (length 13, its CRC checked) with
 * the width and height; the file must end with an IEND chunk. Says what is wrong otherwise.
 */
export function pngInfo(buf: Uint8Array): { width: number; height: number } | { error: string } {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (b.length < 8 || !b.subarray(0, 8).equals(PNG_SIGNATURE))
    return { error: 'not a PNG (the PNG signature is missing)' };
  if (b.length < 8 + 8 + 13 + 4) return { error: 'a PNG cut short before the end of its header' };
  if (b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR')
    return { error: 'a PNG whose first chunk is not IHDR' };
  if (crc32(b.subarray(12, 12 + 4 + 13)) !== b.readUInt32BE(12 + 4 + 13))
    return { error: 'a PNG whose header (IHDR) fails its CRC check' };
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  if (width === 0 || height === 0) return { error: `a PNG of ${width}×${height} pixels` };
  const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  if (b.length < 33 + 12 || !b.subarray(b.length - 12).equals(iend))
    return { error: 'a PNG cut short (no IEND chunk at the end)' };
  return { width, height };
}

/** `data:image/png;base64,…` for these bytes. */
export function pngDataUrl(png: Uint8Array): string {
  return `data:image/png;base64,${Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64')}`;
}

const DATA_URL_RE = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/i;

/** The media type and bytes of a base64 `data:image/…` URL, or null when it is not one. */
export function decodeDataUrl(url: string): { mime: string; bytes: Buffer } | null {
  const m = DATA_URL_RE.exec(url);
  if (!m || m[2]!.length % 4 !== 0) return null;
  return { mime: m[1]!.toLowerCase(), bytes: Buffer.from(m[2]!, 'base64') };
}

/** `23 kB`, `812 B`, `1.2 MB`. */
function size(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * What an image is called where it is not kept: `[image: 812×640 PNG, 23 kB, sha256 9f86d081884c7d65]` (the
 * SHA-256's first 16 hex digits, enough to match it against the image drawn again from the match's replay).
 */
export function imagePlaceholder(url: string): string {
  const data = decodeDataUrl(url);
  if (!data) return url.length > 200 ? `[image: ${url.slice(0, 200)}…]` : url;
  const sha = createHash('sha256').update(data.bytes).digest('hex').slice(0, 16);
  const kind = data.mime.replace(/^image\//, '').toUpperCase();
  const info = data.mime === 'image/png' ? pngInfo(data.bytes) : null;
  const dims = info && 'width' in info ? `${info.width}×${info.height} ` : '';
  return `[image: ${dims}${kind}, ${size(data.bytes.length)}, sha256 ${sha}]`;
}

/**
 * The messages as stored (llm_calls, the exports): every image part's `data:` URL replaced by its placeholder, the
 * rest unchanged. A board image is some tens of kilobytes per call; the placeholder keeps the database and the
 * exports small and still says which image was sent (it can be drawn again from the match's replay).
 */
export function withImagePlaceholders<M extends { content: unknown }>(messages: readonly M[]): M[] {
  return messages.map((m) => {
    if (!Array.isArray(m.content)) return { ...m };
    const content = m.content.map((p: unknown) => {
      const part = p as Partial<ImagePart>;
      if (part?.type !== 'image_url' || typeof part.image_url?.url !== 'string') return p;
      return { ...part, image_url: { ...part.image_url, url: imagePlaceholder(part.image_url.url) } };
    });
    return { ...m, content };
  });
}
