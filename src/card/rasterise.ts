import { Resvg } from '@resvg/resvg-wasm';

/**
 * SVG to PNG with resvg (Rust, compiled to WebAssembly), the fonts given as bytes and no system fonts: the
 * same pixels in workerd, in Node (the bench) and anywhere else. resvg's `initWasm` must have run first;
 * `png.ts` does that in the Worker.
 */
export function rasterise(svg: string, fonts: readonly Uint8Array[]): Uint8Array {
  const resvg = new Resvg(svg, {
    font: { fontBuffers: [...fonts], defaultFontFamily: 'Inter', loadSystemFonts: false },
  });
  const image = resvg.render();
  try {
    return image.asPng();
  } finally {
    image.free();
    resvg.free();
  }
}
