/**
 * `npm run puzzle -- <command>`: the engines from a terminal, over the same registry the Worker uses.
 * Exit codes: 0 done, 1 a checked solution was rejected or generation gave up, 2 bad input.
 */
import { readFileSync } from 'node:fs';
import type { Level } from '../contract/kinds/index.js';
import { noSuchLevel } from '../engines/levels.js';
import { breakdown } from '../engines/sudoku/breakdown.js';
import { type AnyEngine, GenerationError, PuzzleInputError } from '../engines/types.js';
import { engineFor, isKind, KINDS, type Kind } from '../kinds/index.js';
import { expectArgs, type ParsedArgs, parseArgs, UsageError } from './args.js';
import { puzzleFrom, solutionFrom } from './input.js';

const USAGE = `Usage: npm run puzzle -- <command> [options]
  generate <kind> <level> --seed S [--size N|WxH] [--json]
                                      make a puzzle (S goes to the engine's RNG as is); --size for boards
                                      other than the level's (e.g. signal up to 9); --json prints
                                      {kind, level, puzzle, solution, grade, seed, version, attempt, meta}
  solve <kind> [file|-] [--max N] [--json]
                                      count solutions (up to N, default 2) and show the first; --json prints
                                      {kind, solutions, first, nodes, truncated}
  check <kind> <puzzle-file> <solution-file> [--json]
                                      check a solution (exit 1 when rejected); --json prints the verdict
  grade <kind> [file|-]               the difficulty report (JSON)
  breakdown [file|-]                  sudoku: which values of the '?' cells give a unique puzzle (JSON)
A puzzle file is the puzzle JSON, or as printed: a GET /v1/puzzles/{date}/{kind}/{level} or /answer
response, or generate --json output; a solution file is the solution JSON, or /answer, generate --json or
solve --json output (its first solution). '-' or no file reads standard input. A public colour-sort puzzle (hidden units null) is refused:
the full puzzle comes from /answer once the date is public.
Kinds: ${KINDS.join(', ')}
Exit codes: 0 done, 1 a solution was rejected or generation gave up, 2 bad input.`;

function kindOf(name: string | undefined): Kind {
  if (name === undefined || !isKind(name)) {
    throw new UsageError(`unknown kind ${name ?? '(none)'}; kinds are ${KINDS.join(', ')}`);
  }
  return name;
}

function levelOf(engine: AnyEngine, name: string | undefined): Level {
  const level = engine.levels.find((l) => l === name);
  if (!level) throw new UsageError(noSuchLevel(engine.kind, engine.levels, name ?? null));
  return level;
}

/** `--size N` (square) or `--size WxH`, for engines that make boards of other sizes. */
function generateSized(engine: AnyEngine, seed: string, level: Level, text: string | true | undefined) {
  const match = typeof text === 'string' ? /^(\d{1,2})(?:x(\d{1,2}))?$/.exec(text) : null;
  if (!match) throw new UsageError('--size takes N or WxH, e.g. --size 9 or --size 20x15');
  if (!engine.generateSized) throw new UsageError(`${engine.kind} has no sizes other than its levels`);
  const width = Number(match[1]);
  return engine.generateSized(seed, { width, height: Number(match[2] ?? width) }, level);
}

interface Input {
  json: unknown;
  /** The file's name, or "standard input", for messages. */
  source: string;
}

function readJson(file: string | undefined): Input {
  const stdin = !file || file === '-';
  const source = stdin ? 'standard input' : file;
  let text: string;
  try {
    text = readFileSync(stdin ? 0 : file, 'utf8');
  } catch {
    throw new UsageError(`cannot read ${source}`);
  }
  try {
    return { json: JSON.parse(text) as unknown, source };
  } catch {
    throw new UsageError(`${source} is not JSON`);
  }
}

/** Reads a puzzle file (bare or as the service and `generate --json` print it) and parses it strictly. */
function readPuzzle(kind: Kind, file: string | undefined): unknown {
  const { json, source } = readJson(file);
  return engineFor(kind).parsePuzzle(puzzleFrom(kind, json, source));
}

function print(value: unknown, json: boolean): void {
  console.log(json || typeof value !== 'string' ? JSON.stringify(value, null, json ? 2 : undefined) : value);
}

function generate(args: ParsedArgs, json: boolean): number {
  expectArgs('generate', args, ['seed', 'size'], 2);
  const [, kindName, levelName] = args.positionals;
  const kind = kindOf(kindName);
  const engine = engineFor(kind);
  const level = levelOf(engine, levelName);
  const seed = args.options.get('seed');
  if (typeof seed !== 'string') throw new UsageError('generate needs --seed S');
  const made = args.options.has('size')
    ? generateSized(engine, seed, level, args.options.get('size'))
    : engine.generate(seed, level);
  if (json) {
    print({ kind, level, ...made }, true);
    return 0;
  }
  console.log(engine.render(made.puzzle));
  console.log(`\n${kind} ${level} seed ${JSON.stringify(seed)} attempt ${made.attempt} v${made.version}`);
  console.log(`grade: ${made.grade.level}, hardest ${made.grade.hardest}, score ${made.grade.score}`);
  return 0;
}

function solve(args: ParsedArgs, json: boolean): number {
  expectArgs('solve', args, ['max'], 2);
  const [, kindName, file] = args.positionals;
  const kind = kindOf(kindName);
  const engine = engineFor(kind);
  const text = args.options.get('max') ?? '2';
  const max = typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(max) || max < 1) throw new UsageError('--max must be a positive integer');
  const puzzle = readPuzzle(kind, file);
  const result = engine.solve(puzzle, { maxSolutions: max });
  const first = result.solutions[0];
  if (json) {
    const { nodes, truncated } = result;
    print({ kind, solutions: result.solutions.length, first: first ?? null, nodes, truncated }, true);
    return 0;
  }
  console.log(
    `solutions: ${result.solutions.length}${result.truncated ? ' (truncated: node limit hit)' : ''}`,
  );
  console.log(`nodes: ${result.nodes}`);
  if (first !== undefined) console.log(engine.render(puzzle, first));
  return 0;
}

function check(args: ParsedArgs, json: boolean): number {
  expectArgs('check', args, [], 3);
  const [, kindName, puzzleFile, solutionFile] = args.positionals;
  const kind = kindOf(kindName);
  if (!puzzleFile || !solutionFile) throw new UsageError('check needs <puzzle-file> <solution-file>');
  const puzzle = readPuzzle(kind, puzzleFile);
  const { json: read, source } = readJson(solutionFile);
  const verdict = engineFor(kind).check(puzzle, solutionFrom(kind, read, source));
  if (json) print(verdict, true);
  else if (verdict.ok) console.log(`valid${verdict.moves !== undefined ? ` in ${verdict.moves} moves` : ''}`);
  else console.log(`rejected: ${verdict.reason}`);
  return verdict.ok ? 0 : 1;
}

function grade(args: ParsedArgs): number {
  expectArgs('grade', args, [], 2);
  const [, kindName, file] = args.positionals;
  const kind = kindOf(kindName);
  print(engineFor(kind).grade(readPuzzle(kind, file)), true);
  return 0;
}

function sudokuBreakdown(args: ParsedArgs): number {
  expectArgs('breakdown', args, [], 1);
  const { json } = readJson(args.positionals[1]);
  const grid = typeof json === 'object' && json !== null && 'grid' in json ? json.grid : undefined;
  if (typeof grid !== 'string')
    throw new UsageError('breakdown reads {"grid": "81 chars: 1-9 given, . blank, ? undecided"}');
  print(breakdown(grid), true);
  return 0;
}

function run(args: ParsedArgs): number {
  const command = args.positionals[0];
  const json = args.options.has('json');
  switch (command) {
    case 'generate':
      return generate(args, json);
    case 'solve':
      return solve(args, json);
    case 'check':
      return check(args, json);
    case 'grade':
      return grade(args);
    case 'breakdown':
      return sudokuBreakdown(args);
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  }
}

function fail(error: unknown): number {
  if (error instanceof UsageError || error instanceof PuzzleInputError) {
    console.error(`error: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (error instanceof GenerationError) {
    console.error(`error: ${error.message}`);
    return 1;
  }
  throw error;
}

function main(): void {
  try {
    const args = parseArgs(process.argv.slice(2));
    if (args.options.has('help')) {
      console.log(USAGE);
      return;
    }
    process.exitCode = run(args);
  } catch (error) {
    process.exitCode = fail(error);
  }
}

main();
