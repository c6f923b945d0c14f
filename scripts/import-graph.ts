/**
 * The import graph's figures (issue #45): `npx tsx scripts/import-graph.ts [file of src/ …]` prints the
 * number of import cycles of src/ (type imports counted), the files in them and one way round each, and
 * for each file named (src/routes/leaderboards.ts when none) the size of its import closure, with and
 * without src/fairplay.
 */
import path from 'node:path';
import { closureOf, cyclesOf, importGraph, loopThrough, SRC } from '../test/architecture/import-graph.js';

const graph = importGraph();
const cycles = cyclesOf(graph);
console.log(`files in src: ${graph.size}`);
console.log(`import cycles: ${cycles.length} (files in them: ${cycles.reduce((n, c) => n + c.length, 0)})`);
for (const knot of cycles) console.log(`  ${loopThrough(graph, knot).join(' → ')}  [${knot.length} files]`);
const named = process.argv.slice(2);
for (const arg of named.length > 0 ? named : ['src/routes/leaderboards.ts']) {
  const file = path.relative(SRC, path.resolve(arg));
  const closure = [...closureOf(graph, file)];
  const withoutFairPlay = closure.filter((f) => !f.startsWith(`fairplay${path.sep}`));
  console.log(
    `closure of src/${file}: ${closure.length} files, ${withoutFairPlay.length} outside src/fairplay`,
  );
}
