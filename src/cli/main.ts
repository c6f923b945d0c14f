/**
 * `npm run puzzle -- <command>`: the engines from a terminal, over the same registry the Worker uses.
 * Exit codes: 0 done, 1 a checked solution was rejected or generation gave up, 2 bad input.
 */
import { readFileSync } from 'node:fs';
import { breakdown } from '../engines/sudoku/breakdown.js';
import { type AnyEngine, GenerationError, type Level, PuzzleInputError } from '../engines/types.js';
import { engineFor, KINDS, type Kind } from '../kinds/index.js';
import { type ParsedArgs, parseArgs } from './args.js';

const USAGE = `Usage: npm run puzzle -- <command>
  generate <kind> <level> --seed S [--json] [--size N|WxH]
                                              make a puzzle (S goes to the engine's RNG as is); --size for
                                              boards other than the level's (e.g. signal up to 9)
  solve <kind> [file|-] [--max N]             count solutions (default up to 2) of a puzzle JSON
  check <kind> <puzzle-file> <solution-file>  check a solution JSON against a puzzle JSON
  grade <kind> [file|-]                        grade a puzzle JSON
  breakdown [file|-]                           sudoku: which values of the '?' cells give a unique puzzle
Kinds: ${KINDS.join(', ')}`;

class UsageError extends Error {}

function kindOf(name: string | undefined): AnyEngine {
  if (!name || !(KINDS as readonly string[]).includes(name)) {
    throw new UsageError(`unknown kind ${name ?? '(none)'}; kinds are ${KINDS.join(', ')}`);
  }
  return engineFor(name as Kind);
}

function levelOf(engine: AnyEngine, name: string | undefined): Level {
  const level = engine.levels.find((l) => l === name);
  if (!level)
    throw new UsageError(
      `${engine.kind} has no level ${name ?? '(none)'}; levels are ${engine.levels.join(', ')}`,
    );
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

function readJson(file: string | undefined): unknown {
  let text: string;
  try {
    text = readFileSync(!file || file === '-' ? 0 : file, 'utf8');
  } catch {
    throw new UsageError(`cannot read ${file ?? 'standard input'}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError(`${file ?? 'standard input'} is not JSON`);
  }
}

function print(value: unknown, json: boolean): void {
  console.log(json || typeof value !== 'string' ? JSON.stringify(value, null, json ? 2 : undefined) : value);
}

function run({ positionals, options }: ParsedArgs): number {
  const [command, ...rest] = positionals;
  const json = options.has('json');
  switch (command) {
    case 'generate': {
      const engine = kindOf(rest[0]);
      const level = levelOf(engine, rest[1]);
      const seed = options.get('seed');
      if (typeof seed !== 'string') throw new UsageError('generate needs --seed S');
      const made = options.has('size')
        ? generateSized(engine, seed, level, options.get('size'))
        : engine.generate(seed, level);
      if (json) {
        print({ kind: engine.kind, level, ...made }, true);
      } else {
        console.log(engine.render(made.puzzle));
        console.log(
          `\n${engine.kind} ${level} seed ${JSON.stringify(seed)} attempt ${made.attempt} v${made.version}`,
        );
        console.log(`grade: ${made.grade.level}, hardest ${made.grade.hardest}, score ${made.grade.score}`);
      }
      return 0;
    }
    case 'solve': {
      const engine = kindOf(rest[0]);
      const puzzle = engine.parsePuzzle(readJson(rest[1]));
      const max = Number(options.get('max') ?? 2);
      if (!Number.isInteger(max) || max < 1) throw new UsageError('--max must be a positive integer');
      const result = engine.solve(puzzle, { maxSolutions: max });
      const first = result.solutions[0];
      if (json) {
        print(
          {
            solutions: result.solutions.length,
            first: first ?? null,
            nodes: result.nodes,
            truncated: result.truncated,
          },
          true,
        );
      } else {
        console.log(
          `solutions: ${result.solutions.length}${result.truncated ? ' (truncated: node limit hit)' : ''}`,
        );
        console.log(`nodes: ${result.nodes}`);
        if (first !== undefined) console.log(engine.render(puzzle, first));
      }
      return 0;
    }
    case 'check': {
      const engine = kindOf(rest[0]);
      if (!rest[1] || !rest[2]) throw new UsageError('check needs <puzzle-file> <solution-file>');
      const puzzle = engine.parsePuzzle(readJson(rest[1]));
      const verdict = engine.check(puzzle, readJson(rest[2]));
      print(
        json
          ? verdict
          : verdict.ok
            ? `valid${verdict.moves !== undefined ? ` in ${verdict.moves} moves` : ''}`
            : `rejected: ${verdict.reason}`,
        json,
      );
      return verdict.ok ? 0 : 1;
    }
    case 'grade': {
      const engine = kindOf(rest[0]);
      print(engine.grade(engine.parsePuzzle(readJson(rest[1]))), true);
      return 0;
    }
    case 'breakdown': {
      const input = readJson(rest[0]);
      const grid = typeof input === 'object' && input !== null && 'grid' in input ? input.grid : undefined;
      if (typeof grid !== 'string')
        throw new UsageError('breakdown reads {"grid": "81 chars: 1-9 given, . blank, ? undecided"}');
      print(breakdown(grid), true);
      return 0;
    }
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  }
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  if (args.options.has('help')) {
    console.log(USAGE);
    return;
  }
  try {
    process.exitCode = run(args);
  } catch (error) {
    if (error instanceof UsageError || error instanceof PuzzleInputError) {
      console.error(`error: ${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    if (error instanceof GenerationError) {
      console.error(`error: ${error.message}`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}

main();
