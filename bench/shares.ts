/**
 * The share card's image, in Node with the Worker's own code and files: resvg's WebAssembly (the same
 * `index_bg.wasm` the Worker imports), the bundled Inter fonts and src/card/svg.ts. Per card shape (one
 * solve; a day of 5 puzzles in one column; a day of 20 in two), the CPU time of one render (SVG built, then
 * rasterised and encoded: `process.cpuUsage`, user + system) over RUNS renders after a warm-up, its p95 and
 * max, and the PNG's size. `process.cpuUsage` counts the whole process, V8's background compiler included:
 * the warm-up lets resvg's functions reach their optimised tier first. Baselines of the same run: rasterising a blank 1200×630 SVG (resvg's fixed cost
 * of a frame this size and its PNG encoding) and building the SVG text alone. The first render of an isolate
 * also pays for instantiating the module, measured once.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initWasm } from '@resvg/resvg-wasm';
import { rasterise } from '../src/card/rasterise.js';
import { cardSvg } from '../src/card/svg.js';
import { CARD_HEIGHT, CARD_WIDTH, type CardPuzzle, type ShareCard } from '../src/contract/shares.js';
import { KIND_DESCRIPTORS, KINDS } from '../src/kinds/index.js';
import { median, ms, quantile, table } from './support/stats.js';

const RUNS = 60;
const WARM_UP = 20;

const require = createRequire(import.meta.url);
const wasmBytes = readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm'));
const FONTS = ['Inter-Regular.ttf', 'Inter-Bold.ttf'].map(
  (name) => new Uint8Array(readFileSync(new URL(`../src/card/fonts/${name}`, import.meta.url))),
);

/** Every level of every kind, in the registry's order: the largest day a card can show. */
const ALL_PUZZLES: CardPuzzle[] = KINDS.flatMap((kind) =>
  KIND_DESCRIPTORS[kind].engine.levels.map((level, i) => ({
    kind,
    level,
    countedMs: 95_000 + i * 123_457,
    score: 0.9 - i * 0.2,
    rank: 3 + i * 41,
    solvers: 1234,
  })),
);

const card = (puzzles: CardPuzzle[]): ShareCard => ({ date: '2026-11-29', puzzles, streak: 128 });

const SHAPES: [string, ShareCard][] = [
  ['one solve', card(ALL_PUZZLES.slice(0, 1))],
  ['a day of 5 (one column)', card(ALL_PUZZLES.slice(0, 5))],
  [`a day of ${ALL_PUZZLES.length} (two columns)`, card(ALL_PUZZLES)],
];

const BLANK = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}"><rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#0f172a"/></svg>`;

/** CPU milliseconds of one call. */
function cpuMs(call: () => unknown): number {
  const start = process.cpuUsage();
  call();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function sampled(call: () => unknown): number[] {
  for (let i = 0; i < WARM_UP; i++) call();
  return Array.from({ length: RUNS }, () => cpuMs(call));
}

function row(name: string, samples: number[], bytes: string): string[] {
  return [name, ms(median(samples)), ms(quantile(samples, 0.95)), ms(Math.max(...samples)), bytes];
}

export async function run(): Promise<void> {
  const startInit = process.cpuUsage();
  await initWasm(wasmBytes);
  const init = process.cpuUsage(startInit);
  const firstCard = SHAPES[0]?.[1] as ShareCard;
  const first = cpuMs(() => rasterise(cardSvg(firstCard), FONTS));

  const rows: string[][] = [];
  for (const [name, shape] of SHAPES) {
    const png = rasterise(cardSvg(shape), FONTS);
    const size = new DataView(png.buffer, png.byteOffset).getUint32(16);
    if (size !== CARD_WIDTH) throw new Error(`${name}: the PNG is ${size} wide`);
    rows.push(
      row(
        name,
        sampled(() => rasterise(cardSvg(shape), FONTS)),
        png.byteLength.toLocaleString('en'),
      ),
    );
  }
  const blank = rasterise(BLANK, FONTS);
  rows.push(
    row(
      'baseline: a blank 1200×630 SVG',
      sampled(() => rasterise(BLANK, FONTS)),
      blank.byteLength.toLocaleString('en'),
    ),
  );
  const largest = SHAPES.at(-1)?.[1] as ShareCard;
  rows.push(
    row(
      'baseline: the SVG text alone (largest)',
      sampled(() => cardSvg(largest)),
      '—',
    ),
  );

  console.log(
    `### The card image (${RUNS} renders each after ${WARM_UP}, CPU ms, Node ${process.version})\n`,
  );
  console.log(table(['card', 'median', 'p95', 'max', 'PNG bytes'], rows));
  console.log(
    `\nOnce per isolate: instantiating resvg's module ${ms((init.user + init.system) / 1000)} ms CPU, ` +
      `the first render after it ${ms(first)} ms.`,
  );
}
