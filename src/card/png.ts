import { initWasm } from '@resvg/resvg-wasm';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
import type { ShareCard } from '../contract/shares.js';
import interBold from './fonts/Inter-Bold.ttf';
import interRegular from './fonts/Inter-Regular.ttf';
import { rasterise } from './rasterise.js';
import { cardSvg } from './svg.js';

// workerd compiles no WebAssembly from bytes at run time: resvg's module comes in compiled, as an import
// (wrangler's CompiledWasm rule), and is instantiated once per isolate.
let ready: Promise<unknown> | undefined;
const FONTS = [new Uint8Array(interRegular), new Uint8Array(interBold)];

/** The card's image, 1200×630 PNG. */
export async function cardPng(card: ShareCard): Promise<Uint8Array> {
  ready ??= initWasm(resvgWasm);
  await ready;
  return rasterise(cardSvg(card), FONTS);
}
