// The board picture for vision agents: an SVG rendered to a PNG of its own size, the same bytes every time, text drawn
// with the bundled fonts; the PNG reader that checks what arrives; and the placeholder stored instead of the image.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_SIDE, renderSvgToPng } from './board-image';
import { decodeDataUrl, imagePlaceholder, pngDataUrl, pngInfo, withImagePlaceholders } from './images';

const board = (label: string, w = 240, h = 160) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
  `<rect x="10" y="10" width="${w - 20}" height="${h - 20}" fill="#fde68a" stroke="#92400e" stroke-width="4"/>` +
  `<polygon points="60,40 90,40 105,66 90,92 60,92 45,66" fill="#1f2937"/>` +
  `<text x="${w / 2}" y="${h / 2}" font-family="sans-serif" font-size="28" text-anchor="middle">${label}</text></svg>`;

/** The RGBA pixels' digest would need a decoder; two PNG byte strings differ exactly when the encoder saw different pixels. */
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('renderSvgToPng', () => {
  it('gives a valid PNG of the SVG’s own size', async () => {
    const { png, width, height } = await renderSvgToPng(board('Q'));
    expect(pngInfo(png)).toEqual({ width: 240, height: 160 });
    expect({ width, height }).toEqual({ width: 240, height: 160 });
    // Without width and height the viewBox gives the size.
    const viewBoxOnly = await renderSvgToPng(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 90 30"><circle cx="15" cy="15" r="10"/></svg>',
    );
    expect(pngInfo(viewBoxOnly.png)).toEqual({ width: 90, height: 30 });
  });

  it('is deterministic: the same SVG gives the same bytes', async () => {
    const a = await renderSvgToPng(board('Queen bee'));
    const b = await renderSvgToPng(board('Queen bee'));
    expect(sha(a.png)).toBe(sha(b.png));
  });

  it('draws text with the bundled fonts (the text changes the picture; no system font is needed)', async () => {
    const blank = await renderSvgToPng(board(''));
    const q = await renderSvgToPng(board('Q'));
    const a = await renderSvgToPng(board('A'));
    expect(sha(q.png)).not.toBe(sha(blank.png));
    expect(sha(q.png)).not.toBe(sha(a.png));
    // Every generic family resolves to a bundled font, so each draws something.
    for (const family of ['serif', 'monospace', 'DejaVu Sans', 'a family nobody has']) {
      const withFamily = await renderSvgToPng(
        board('Q').replace('font-family="sans-serif"', `font-family="${family}"`),
      );
      expect(sha(withFamily.png), family).not.toBe(sha(blank.png));
    }
  });

  it(`scales a board larger than ${MAX_IMAGE_SIDE} pixels down to fit, keeping its proportions`, async () => {
    const big = await renderSvgToPng(board('Q', 4096, 1024));
    expect(pngInfo(big.png)).toEqual({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE / 4 });
  });

  it('says why when the SVG cannot be drawn', async () => {
    await expect(renderSvgToPng('<html>not a picture</html>')).rejects.toThrow(
      /^not an SVG document \(it starts "<html>not a picture/,
    );
    await expect(
      renderSvgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect'),
    ).rejects.toThrow(/^the SVG could not be drawn: /);
    await expect(renderSvgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"></svg>')).rejects.toThrow(
      /^the SVG could not be drawn: /,
    );
  });
});

describe('pngInfo', () => {
  it('reads the size from the header and refuses what is not a whole PNG', async () => {
    const { png } = await renderSvgToPng(board('Q', 33, 21));
    expect(pngInfo(png)).toEqual({ width: 33, height: 21 });
    expect(pngInfo(Buffer.from('GIF89a…'))).toEqual({ error: 'not a PNG (the PNG signature is missing)' });
    expect(pngInfo(png.subarray(0, 20))).toEqual({ error: 'a PNG cut short before the end of its header' });
    const tampered = Buffer.from(png);
    tampered[19] = tampered[19]! ^ 0xff; // the width, without fixing the CRC
    expect(pngInfo(tampered)).toEqual({ error: 'a PNG whose header (IHDR) fails its CRC check' });
    expect(pngInfo(png.subarray(0, png.length - 1))).toEqual({ error: 'a PNG cut short (no IEND chunk at the end)' });
  });
});

describe('the placeholder stored instead of an image', () => {
  it('names the size, kind, bytes and digest, and leaves everything else as it was', async () => {
    const { png } = await renderSvgToPng(board('Q'));
    const url = pngDataUrl(png);
    expect(decodeDataUrl(url)!.bytes.equals(png)).toBe(true);
    const digest = sha(png).slice(0, 16);
    const kB = Math.round(png.length / 1000);
    expect(imagePlaceholder(url)).toBe(
      `[image: 240×160 PNG, ${png.length < 1000 ? `${png.length} B` : `${kB} kB`}, sha256 ${digest}]`,
    );
    const messages = [
      { role: 'system', content: 'rules' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'the board' },
          { type: 'image_url', image_url: { url, detail: 'high' } },
        ],
      },
    ];
    const stored = withImagePlaceholders(messages);
    expect(stored).toEqual([
      { role: 'system', content: 'rules' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'the board' },
          { type: 'image_url', image_url: { url: imagePlaceholder(url), detail: 'high' } },
        ],
      },
    ]);
    expect(JSON.stringify(stored)).not.toContain('base64');
    // The messages sent are not touched.
    expect((messages[1]!.content as { image_url?: { url: string } }[])[1]!.image_url!.url).toBe(url);
  });
});
