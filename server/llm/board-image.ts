// A game's board picture (its `image` hook: a standalone SVG) rendered to PNG on the server, for LLM agents with the
// `vision` setting. Server code only: resvg is a native module (next.config.js keeps it out of any bundle).
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { pngInfo } from './images';

const require = createRequire(import.meta.url);

/** The native renderer, loaded on the first board drawn: a process with no vision agent never loads it. */
let resvg: Promise<typeof import('@resvg/resvg-js')> | null = null;

/** The DejaVu fonts (npm package `dejavu-fonts-ttf`) every board is drawn with: no system font is ever looked up. */
const FONTS = [
  'DejaVuSans.ttf',
  'DejaVuSans-Bold.ttf',
  'DejaVuSans-Oblique.ttf',
  'DejaVuSansMono.ttf',
  'DejaVuSansMono-Bold.ttf',
  'DejaVuSerif.ttf',
  'DejaVuSerif-Bold.ttf',
];

/** A board larger than this on its longer side is scaled down to it (providers downscale larger images anyway). */
export const MAX_IMAGE_SIDE = 2048;

/**
 * The renderer's settings: the same bundled fonts for every generic family, no system fonts, a white background
 * (a transparent board reads as black to some models), so one SVG gives the same PNG on every machine.
 */
const options = (): ResvgRenderOptions => ({
  font: {
    loadSystemFonts: false,
    fontFiles: FONTS.map((f) => path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', f)),
    defaultFontFamily: 'DejaVu Sans',
    sansSerifFamily: 'DejaVu Sans',
    serifFamily: 'DejaVu Serif',
    monospaceFamily: 'DejaVu Sans Mono',
    cursiveFamily: 'DejaVu Sans',
    fantasyFamily: 'DejaVu Sans',
    defaultFontSize: 14,
  },
  background: '#ffffff',
  shapeRendering: 2,
  textRendering: 1,
  imageRendering: 0,
  logLevel: 'off',
});

export interface RenderedBoard {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * Renders a standalone SVG document to PNG at its own size (its `width`/`height`, else its viewBox), scaled down
 * to `MAX_IMAGE_SIDE` when larger. Deterministic. Throws an Error saying why when the SVG cannot be drawn.
 */
export async function renderSvgToPng(svg: string): Promise<RenderedBoard> {
  if (!/<svg[\s>]/.test(svg))
    throw new Error(`not an SVG document (it starts "${svg.slice(0, 40).replace(/\s+/g, ' ')}")`);
  let image;
  try {
    resvg ??= import('@resvg/resvg-js');
    const { Resvg, renderAsync } = await resvg;
    // The SVG's own size first (cheap: parsing only), to know whether it needs scaling down.
    const opts = options();
    const probe = new Resvg(svg, { ...opts, font: { loadSystemFonts: false } });
    const longer = Math.max(probe.width, probe.height);
    const fitTo =
      longer > MAX_IMAGE_SIDE
        ? probe.width >= probe.height
          ? { mode: 'width' as const, value: MAX_IMAGE_SIDE }
          : { mode: 'height' as const, value: MAX_IMAGE_SIDE }
        : { mode: 'original' as const };
    // On libuv's thread pool: a board never blocks the matches running beside it.
    image = await renderAsync(svg, { ...opts, fitTo });
  } catch (err) {
    throw new Error(`the SVG could not be drawn: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  const png = image.asPng();
  const info = pngInfo(png);
  if ('error' in info) throw new Error(`the renderer produced ${info.error}`);
  return { png, width: info.width, height: info.height };
}
