import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The import graph of `src/`, read off the sources: one node per file, one edge per relative import,
 * `import type` and type-position `import('…')` included, because a type cycle still ties files together
 * (each needs the other to compile, to be read, and to be moved). Used by the layering test and by
 * `npx tsx scripts/import-graph.ts`, which prints the figures issue #45 measures.
 */
export const SRC = path.resolve(import.meta.dirname, '../../src');

export type Graph = ReadonlyMap<string, readonly string[]>;

export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative specifier of a file: `from '…'` (imports and re-exports), `import '…'`, `import('…')`. */
export function specifiersOf(text: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  return [...text.matchAll(pattern)].map((m) => m[1] as string);
}

/** The file a relative specifier names (`./x.js` is `./x.ts`; a folder is its index), or null if none. */
export function resolveSpecifier(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.js$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.d.ts`, path.join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** The graph of every file under `root`, keyed by path relative to `root`; imports of other files are kept out. */
export function importGraph(root: string = SRC): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of filesUnder(root)) {
    const targets = specifiersOf(readFileSync(file, 'utf8'))
      .map((s) => resolveSpecifier(file, s))
      .flatMap((t) => (t?.startsWith(root + path.sep) ? [path.relative(root, t)] : []));
    graph.set(path.relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import cycles, as Tarjan's strongly connected components that hold a cycle (two files or more, or a
 * file that imports itself): each is one knot, however many ways round it there are.
 */
export function cyclesOf(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const knots: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) knots.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return knots;
}

/** One shortest way round a knot, starting and ending at its first file: what to show when it fails. */
export function loopThrough(graph: Graph, knot: readonly string[]): string[] {
  const start = knot[0] as string;
  const inKnot = new Set(knot);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const to of graph.get(node) ?? []) {
      if (!inKnot.has(to)) continue;
      if (to === start) {
        const way = [start];
        for (let at = node; at !== start; at = cameFrom.get(at) as string) way.splice(1, 0, at);
        return [...way, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

/** Every file `file` needs, itself included: what loading it or type-checking it pulls in. */
export function closureOf(graph: Graph, file: string): Set<string> {
  const seen = new Set<string>([file]);
  const queue = [file];
  while (queue.length > 0) {
    for (const to of graph.get(queue.shift() as string) ?? []) {
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return seen;
}

/** The area of `src/` a file belongs to: its top folder, or the file itself at the top. */
export function areaOf(file: string): string {
  return file.split(path.sep)[0] as string;
}
