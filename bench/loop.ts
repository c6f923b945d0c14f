/**
 * Loop (slitherlink) benchmark: generation per level, our solver against a baseline that re-scans the
 * whole board every round as the original's loop/engine.js does (written here, not in src), the
 * original collection's whole generation at its largest size (6×6), and the public puzzlekit / Carleton
 * sets when they are present (bench/support/datasets.ts), with the technique band of every generated and
 * published board. Everything is measured in the same run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { generateBoard, LEVEL_SPEC } from '../src/engines/loop/generate.js';
import { geometry } from '../src/engines/loop/geometry.js';
import { BANDS, bandOf } from '../src/engines/loop/grade.js';
import { engine, type LoopPuzzle } from '../src/engines/loop/index.js';
import { fullClues, growRegion, regionLoop } from '../src/engines/loop/region.js';
import { rng, shuffle } from '../src/engines/rng.js';
import { DATASETS_DIR, datasetPath } from './support/datasets.js';

const SEEDS_PER_LEVEL = { easy: 40, medium: 40, hard: 30, expert: 20 } as const;
const BASELINE_BOARDS = { easy: 40, medium: 40, hard: 15, expert: 5 } as const;
const BASELINE_NODE_LIMIT = 20_000;

// ---------------------------------------------------------------------------------------------------
// The baseline: the original's propagate / solve, full re-scans and array domains, generalised to W×H.

type Domains = number[][];

interface BaselineGeo {
  W: number;
  H: number;
  total: number;
  cellEdges(r: number, c: number): number[];
  vertexEdges(r: number, c: number): number[];
  endpoints(e: number): [number, number];
}

function baselineGeo(W: number, H: number): BaselineGeo {
  const hE = (r: number, c: number) => r * W + c;
  const vE = (r: number, c: number) => (H + 1) * W + r * (W + 1) + c;
  const vx = (r: number, c: number) => r * (W + 1) + c;
  return {
    W,
    H,
    total: (H + 1) * W + H * (W + 1),
    cellEdges: (r, c) => [hE(r, c), hE(r + 1, c), vE(r, c), vE(r, c + 1)],
    vertexEdges: (r, c) => {
      const out: number[] = [];
      if (c > 0) out.push(hE(r, c - 1));
      if (c < W) out.push(hE(r, c));
      if (r > 0) out.push(vE(r - 1, c));
      if (r < H) out.push(vE(r, c));
      return out;
    },
    endpoints: (e) => {
      if (e < (H + 1) * W) {
        const r = Math.floor(e / W);
        const c = e % W;
        return [vx(r, c), vx(r, c + 1)];
      }
      const k = e - (H + 1) * W;
      const r = Math.floor(k / (W + 1));
      const c = k % (W + 1);
      return [vx(r, c), vx(r + 1, c)];
    },
  };
}

function closedComponent(forcedOn: number[], geo: BaselineGeo): { edges: Set<number> } | null {
  const adj = new Map<number, [number, number][]>();
  for (const e of forcedOn) {
    const [a, b] = geo.endpoints(e);
    if (!adj.has(a)) adj.set(a, []);
    if (!adj.has(b)) adj.set(b, []);
    adj.get(a)?.push([b, e]);
    adj.get(b)?.push([a, e]);
  }
  const seen = new Set<number>();
  for (const v of adj.keys()) {
    if (seen.has(v)) continue;
    const vertices = new Set([v]);
    const edges = new Set<number>();
    const queue = [v];
    seen.add(v);
    for (let i = 0; i < queue.length; i++) {
      for (const [nb, e] of adj.get(queue[i] as number) ?? []) {
        edges.add(e);
        if (!vertices.has(nb)) {
          vertices.add(nb);
          seen.add(nb);
          queue.push(nb);
        }
      }
    }
    const allDegree2 = [...vertices].every((u) => adj.get(u)?.length === 2);
    if (allDegree2 && edges.size === vertices.size) return { edges };
  }
  return null;
}

function baselinePropagate(input: Domains, geo: BaselineGeo, clues: (number | null)[]): Domains | null {
  const domains = input.map((d) => d.slice());
  const fixed = (e: number) => domains[e] as number[];
  let changed = true;
  while (changed) {
    changed = false;
    for (let r = 0; r < geo.H; r++) {
      for (let c = 0; c < geo.W; c++) {
        const clue = clues[r * geo.W + c];
        if (clue == null) continue;
        let on = 0;
        const unknown: number[] = [];
        for (const e of geo.cellEdges(r, c)) {
          if (fixed(e).length === 1) on += fixed(e)[0] === 1 ? 1 : 0;
          else unknown.push(e);
        }
        if (on > clue || on + unknown.length < clue) return null;
        if (unknown.length && on === clue) {
          for (const e of unknown) domains[e] = [0];
          changed = true;
        } else if (unknown.length && on + unknown.length === clue) {
          for (const e of unknown) domains[e] = [1];
          changed = true;
        }
      }
    }
    for (let r = 0; r <= geo.H; r++) {
      for (let c = 0; c <= geo.W; c++) {
        let on = 0;
        const unknown: number[] = [];
        for (const e of geo.vertexEdges(r, c)) {
          if (fixed(e).length === 1) on += fixed(e)[0] === 1 ? 1 : 0;
          else unknown.push(e);
        }
        if (on > 2) return null;
        if (!unknown.length) {
          if (on !== 0 && on !== 2) return null;
          continue;
        }
        const m = unknown.length;
        const feasible = unknown.map(() => new Set<number>());
        let any = false;
        for (let mask = 0; mask < 1 << m; mask++) {
          let extra = 0;
          for (let k = 0; k < m; k++) if (mask & (1 << k)) extra++;
          if (on + extra === 0 || on + extra === 2) {
            any = true;
            for (let k = 0; k < m; k++) feasible[k]?.add((mask >> k) & 1);
          }
        }
        if (!any) return null;
        unknown.forEach((e, k) => {
          const f = feasible[k] as Set<number>;
          if (f.size === 1) {
            domains[e] = [...f];
            changed = true;
          }
        });
      }
    }
    const forcedOn: number[] = [];
    for (let e = 0; e < domains.length; e++) if (fixed(e).length === 1 && fixed(e)[0] === 1) forcedOn.push(e);
    if (forcedOn.length) {
      const comp = closedComponent(forcedOn, geo);
      if (comp) {
        if (comp.edges.size !== forcedOn.length) return null;
        for (let e = 0; e < domains.length; e++) {
          if (fixed(e).length !== 1) {
            domains[e] = [0];
            changed = true;
          }
        }
      }
    }
  }
  return domains;
}

function baselineValid(on: number[], geo: BaselineGeo, clues: (number | null)[]): boolean {
  for (let r = 0; r < geo.H; r++) {
    for (let c = 0; c < geo.W; c++) {
      const clue = clues[r * geo.W + c];
      if (clue == null) continue;
      if (geo.cellEdges(r, c).reduce((n, e) => n + (on[e] as number), 0) !== clue) return false;
    }
  }
  const forcedOn = on.flatMap((v, e) => (v === 1 ? [e] : []));
  if (!forcedOn.length) return false;
  const comp = closedComponent(forcedOn, geo);
  return comp !== null && comp.edges.size === forcedOn.length;
}

function baselineSolve(puzzle: LoopPuzzle, nodeLimit = BASELINE_NODE_LIMIT) {
  const geo = baselineGeo(puzzle.width, puzzle.height);
  const clues = [...puzzle.clues].map((ch) => (ch === '.' ? null : Number(ch)));
  const solutions: number[][] = [];
  let nodes = 0;
  let truncated = false;
  const visit = (domains: Domains): void => {
    if (solutions.length >= 2 || truncated) return;
    if (++nodes > nodeLimit) {
      truncated = true;
      return;
    }
    const next = baselinePropagate(domains, geo, clues);
    if (!next) return;
    const choice = next.findIndex((d) => d.length > 1);
    if (choice < 0) {
      const on = next.map((d) => d[0] as number);
      if (baselineValid(on, geo, clues)) solutions.push(on);
      return;
    }
    for (const v of next[choice] as number[]) visit(next.map((d, i) => (i === choice ? [v] : d)));
  };
  const initial = baselinePropagate(
    Array.from({ length: geo.total }, () => [0, 1]),
    geo,
    clues,
  );
  if (initial) visit(initial);
  return { solutions, nodes, truncated };
}

/** The original's generate at one size: full clues, one greedy pass, a full solve per clue, re-check. */
function baselineGenerate(seed: string, side: number): { clues: string; attempt: number } | null {
  const geo = geometry(side, side);
  const random = rng(seed);
  for (let attempt = 1; attempt <= 500; attempt++) {
    const inside = growRegion(geo, random);
    if (!inside) continue;
    const clues = [...fullClues(geo, regionLoop(geo, inside))].map(String);
    const unique = () => {
      const r = baselineSolve({ width: side, height: side, clues: clues.join('') });
      return !r.truncated && r.solutions.length === 1;
    };
    if (!unique()) continue;
    for (const x of shuffle(
      random,
      Array.from({ length: geo.cells }, (_, i) => i),
    )) {
      const kept = clues[x] as string;
      clues[x] = '.';
      if (!unique()) clues[x] = kept;
    }
    if (unique()) return { clues: clues.join(''), attempt };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------

function time<T>(f: () => T): [T, number] {
  const t = performance.now();
  const out = f();
  return [out, performance.now() - t];
}

/** Wall and CPU milliseconds: on a shared machine CPU time is the steadier of the two. */
function timeCpu<T>(f: () => T): [T, number, number] {
  const c = process.cpuUsage();
  const [out, wall] = time(f);
  const u = process.cpuUsage(c);
  return [out, wall, (u.user + u.system) / 1000];
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

function stats(ms: number[]): { median: number; p95: number; max: number; total: number } {
  const s = [...ms].sort((a, b) => a - b);
  return {
    median: quantile(s, 0.5),
    p95: quantile(s, 0.95),
    max: s[s.length - 1] as number,
    total: ms.reduce((a, b) => a + b, 0),
  };
}

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const pct = (x: number) => `${Math.round(x * 100)} %`;

function readJsonl(relative: string): Record<string, unknown>[] | null {
  const path = datasetPath(relative);
  if (!existsSync(path)) return null;
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * Our score and band per published grade, where a record's id carries one (Carleton's "5x5hard1"): the
 * score should rise with the grade within a size.
 */
function printGrades(name: string, records: Record<string, unknown>[]): void {
  const groups = new Map<string, { scores: number[]; bands: Map<string, number> }>();
  for (const rec of records) {
    const m = /(\d+x\d+)(easy|medium|hard|expert)/.exec(String(rec.id));
    if (!m) continue;
    const grade = engine.grade(
      engine.parsePuzzle({ width: rec.width, height: rec.height, clues: rec.clues }),
    );
    const key = `${m[1]} ${m[2]}`;
    const group = groups.get(key) ?? { scores: [], bands: new Map<string, number>() };
    group.scores.push(grade.score);
    const band = bandOf(grade.techniques);
    group.bands.set(band, (group.bands.get(band) ?? 0) + 1);
    groups.set(key, group);
  }
  if (groups.size === 0) return;
  console.log(`\n## ${name}: our score and band per published grade\n`);
  console.log(`| size and grade | puzzles | median score | ${BANDS.join(' | ')} |`);
  console.log(`| --- | ---: | ---: | ${BANDS.map(() => '---:').join(' | ')} |`);
  for (const [key, g] of groups) {
    const n = g.scores.length;
    console.log(
      `| ${key} | ${n} | ${stats(g.scores).median} | ${BANDS.map((b) => pct((g.bands.get(b) ?? 0) / n)).join(' | ')} |`,
    );
  }
}

export async function run(): Promise<void> {
  // Warm the JIT so the first level does not pay for compilation.
  for (let i = 0; i < 5; i++) engine.generate(`warm-${i}`, 'medium');

  console.log('## Generation per level (wall clock unless marked CPU, one process)\n');
  console.log(
    '| level | board | puzzles | median ms | p95 ms | max ms | median CPU ms | mean attempts | mean clues | hardest technique |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  const boards: Record<string, LoopPuzzle[]> = {};
  const bandRows: string[] = [];
  for (const level of engine.levels) {
    const n = SEEDS_PER_LEVEL[level as keyof typeof SEEDS_PER_LEVEL];
    const ms: number[] = [];
    const cpu: number[] = [];
    let attempts = 0;
    let clues = 0;
    const hardest = new Map<string, number>();
    const bands = new Map<string, number>();
    boards[level] = [];
    for (let i = 0; i < n; i++) {
      const [g, t, c] = timeCpu(() => engine.generate(`bench-${level}-${i}`, level));
      ms.push(t);
      cpu.push(c);
      attempts += g.attempt;
      clues += [...g.puzzle.clues].filter((c) => c !== '.').length;
      hardest.set(g.grade.hardest, (hardest.get(g.grade.hardest) ?? 0) + 1);
      const band = bandOf(g.grade.techniques);
      bands.set(band, (bands.get(band) ?? 0) + 1);
      boards[level]?.push(g.puzzle);
    }
    const s = stats(ms);
    const side = LEVEL_SPEC[level as keyof typeof LEVEL_SPEC].side;
    const h = [...hardest].map(([k, v]) => `${k} ${v}`).join(', ');
    const c = stats(cpu);
    bandRows.push(
      `| ${level} | ${n} | ${BANDS.map((b) => pct((bands.get(b) ?? 0) / n)).join(' | ')} | ${f1(c.median)} | ${f1(c.p95)} | ${f1(c.max)} |`,
    );
    console.log(
      `| ${level} | ${side}×${side} | ${n} | ${f1(s.median)} | ${f1(s.p95)} | ${f1(s.max)} | ${f1(stats(cpu).median)} | ${f2(attempts / n)} | ${f1(clues / n)} | ${h} |`,
    );
  }

  console.log('\n## Technique band of the generated puzzles (share per band; target ≥ 90 % in its own)\n');
  console.log(`| level | puzzles | ${BANDS.join(' | ')} | median CPU ms | p95 CPU ms | max CPU ms |`);
  console.log(`| --- | ---: | ${BANDS.map(() => '---:').join(' | ')} | ---: | ---: | ---: |`);
  for (const row of bandRows) console.log(row);

  console.log('\n## 6×6 (the original’s largest size): our generator vs the original’s generate, same run\n');
  const n6 = 20;
  const ours6: number[] = [];
  const seeds6: number[] = [];
  let oursClues = 0;
  let seedsClues = 0;
  let seedsFailed = 0;
  for (let i = 0; i < n6; i++) {
    const [g, t] = time(() => generateBoard(`six-${i}`, 6, 1, null));
    ours6.push(t);
    oursClues += [...g.puzzle.clues].filter((c) => c !== '.').length;
    const [b, tb] = time(() => baselineGenerate(`six-${i}`, 6));
    seeds6.push(tb);
    if (b) seedsClues += [...b.clues].filter((c) => c !== '.').length;
    else seedsFailed++;
  }
  const o6 = stats(ours6);
  const b6 = stats(seeds6);
  console.log('| generator | puzzles | median ms | p95 ms | mean clues |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  console.log(`| ours (corners tier) | ${n6} | ${f2(o6.median)} | ${f2(o6.p95)} | ${f1(oursClues / n6)} |`);
  console.log(
    `| original's algorithm (full-rescan solver per clue) | ${n6 - seedsFailed} | ${f2(b6.median)} | ${f2(b6.p95)} | ${f1(seedsClues / Math.max(1, n6 - seedsFailed))} |`,
  );
  console.log(`\nMedian speed-up: ${f1(b6.median / o6.median)}×\n`);

  console.log('## Solving the generated boards: ours vs the original’s full-rescan solver, same boards\n');
  console.log(
    '| level | boards | ours median ms | baseline median ms | ratio | baseline truncated (20,000 nodes) | baseline median nodes |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const level of engine.levels) {
    const list = (boards[level] ?? []).slice(0, BASELINE_BOARDS[level as keyof typeof BASELINE_BOARDS]);
    const ours: number[] = [];
    const base: number[] = [];
    const nodes: number[] = [];
    let truncated = 0;
    for (const p of list) {
      const [r, t] = time(() => engine.solve(p));
      if (r.solutions.length !== 1) throw new Error('generated board not unique');
      ours.push(t);
      const [b, tb] = time(() => baselineSolve(p));
      base.push(tb);
      nodes.push(b.nodes);
      if (b.truncated) truncated++;
    }
    const o = stats(ours).median;
    const b = stats(base).median;
    console.log(
      `| ${level} | ${list.length} | ${f2(o)} | ${f1(b)} | ${f1(b / o)}× | ${truncated} | ${stats(nodes).median} |`,
    );
  }

  const sets = [
    [
      'slitherlink/puzzlekit_slitherlink_licence_unknown.jsonl',
      'puzzlekit (licence unknown, not redistributed)',
    ],
    ['slitherlink/carleton_slitherlink_testpuzzles.jsonl', 'Carleton test puzzles (no solutions given)'],
  ] as const;
  for (const [file, name] of sets) {
    const records = readJsonl(file);
    if (!records) {
      console.log(`\n${name}: not present in ${DATASETS_DIR}, skipped.`);
      continue;
    }
    let matched = 0;
    let unique = 0;
    let multiple = 0;
    let none = 0;
    let truncated = 0;
    let logicOnly = 0;
    const ms: number[] = [];
    let largest = 0;
    for (const rec of records) {
      const puzzle = engine.parsePuzzle({ width: rec.width, height: rec.height, clues: rec.clues });
      largest = Math.max(largest, puzzle.width * puzzle.height);
      const [r, t] = time(() => engine.solve(puzzle));
      ms.push(t);
      if (r.truncated) truncated++;
      else if (r.solutions.length === 0) none++;
      else if (r.solutions.length > 1) multiple++;
      else {
        unique++;
        if (r.nodes === 1) logicOnly++;
      }
      const edges = rec.solution_edges as { horizontal: string; vertical: string } | undefined;
      const found = r.solutions[0];
      if (edges && found && r.solutions.length === 1 && found.edges === edges.horizontal + edges.vertical)
        matched++;
    }
    const s = stats(ms);
    printGrades(name, records);
    console.log(
      `\n## ${name}: ${records.length} puzzles, up to ${largest} cells, default node limit 20,000\n`,
    );
    console.log(
      '| unique | of which equal to the given solution | solved without branching (propagation + probing) | several answers | none | truncated |',
    );
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
    console.log(`| ${unique} | ${matched} | ${logicOnly} | ${multiple} | ${none} | ${truncated} |`);
    console.log(
      `\nSolve time: median ${f2(s.median)} ms, p95 ${f2(s.p95)} ms, max ${f1(s.max)} ms, total ${f1(s.total)} ms.`,
    );
  }
}
