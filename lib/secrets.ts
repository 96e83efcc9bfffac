// Encrypts provider API keys at rest with the server secret (AES-256-GCM); keys never reach a browser.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

function key(): Buffer {
  const secret = process.env.ARENA_SECRET;
  if (!secret) throw new Error('ARENA_SECRET is not set (the server sets one at start-up)');
  return createHash('sha256').update(secret).digest();
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64'), c.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

export function decryptSecret(enc: string): string {
  const [v, iv, tag, body] = enc.split(':');
  if (v !== 'v1' || !iv || !tag || !body) throw new Error('stored API key has an unknown format');
  const d = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64'));
  d.setAuthTag(Buffer.from(tag, 'base64'));
  try {
    return Buffer.concat([d.update(Buffer.from(body, 'base64')), d.final()]).toString('utf8');
  } catch {
    throw new Error('stored API key cannot be decrypted: ARENA_SECRET changed since it was saved');
  }
}

/** "sk-…abcd" for display. */
export function maskSecret(plain: string): string {
  return plain.length <= 8 ? '••••' : `${plain.slice(0, 3)}…${plain.slice(-4)}`;
}
