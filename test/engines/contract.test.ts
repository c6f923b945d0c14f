/**
 * The engine contract (src/engines/types.ts), run for every kind in the registry: a new kind gets all of
 * it by being registered. Kind-specific behaviour stays in test/engines/<kind>/.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVELS, type Level } from '../../src/contract/kinds/index.js';
import { MAX_SEED_LENGTH } from '../../src/engines/rng.js';
import {
  type AnyEngine,
  type Generated,
  type LogEntry,
  type LogStep,
  PuzzleInputError,
} from '../../src/engines/types.js';
import { defaultBenchmark, descriptorOf, engineFor, KINDS, type Kind } from '../../src/kinds/index.js';
import { logEntryProblem } from '../../src/kinds/log-entry.js';
import { FINGERPRINT_SEED, FINGERPRINTS, fingerprint } from './fingerprints.js';

// biome-ignore lint/suspicious/noExplicitAny: the contract is checked over every kind's own types at once.
type AnyGenerated = Generated<any, any>;

const SEED_RULE = `seed must be a string of 1 to ${MAX_SEED_LENGTH} characters`;

const made = new Map<string, AnyGenerated>();
/** One generation per kind and level for the whole file (determinism is tested separately). */
function generated(kind: Kind, level: Level): AnyGenerated {
  const key = `${kind}:${level}`;
  let result = made.get(key);
  if (!result) {
    result = engineFor(kind).generate(FINGERPRINT_SEED, level);
    made.set(key, result);
  }
  return result;
}

/** Steps one second apart, from t = 1 s. */
function timed(steps: readonly LogStep[]): LogEntry[] {
  return steps.map(([a, b], i) => [(i + 1) * 1000, a, b]);
}

/** What parsePuzzle does with `json`: accepts it, refuses it with PuzzleInputError, or fails otherwise. */
function parseOutcome(engine: AnyEngine, json: unknown): 'accepted' | 'refused' {
  try {
    engine.parsePuzzle(json);
    return 'accepted';
  } catch (error) {
    if (error instanceof PuzzleInputError) return 'refused';
    throw error;
  }
}

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
}

/**
 * Solutions of the same shape as `solution` with one part changed, so the engine must refuse them on the
 * rules, not the format: in the first string field a character swapped for another one of that string
 * (at the start, middle and end), or from the first array field its first or last element dropped.
 */
function mutations(solution: unknown): unknown[] {
  if (typeof solution !== 'object' || solution === null) throw new Error('a solution is an object');
  const fields = Object.entries(solution);
  const text = fields.find(([, v]) => typeof v === 'string');
  if (text) {
    const [key, value] = text as [string, string];
    const alphabet = [...new Set(value)].sort();
    return [0, value.length >> 1, value.length - 1].map((i) => {
      const ch = value[i] as string;
      const other = alphabet[(alphabet.indexOf(ch) + 1) % alphabet.length] as string;
      return { ...solution, [key]: value.slice(0, i) + other + value.slice(i + 1) };
    });
  }
  const list = fields.find(([, v]) => Array.isArray(v));
  if (list) {
    const [key, value] = list as [string, unknown[]];
    return [value.slice(1), value.slice(0, -1)].map((shorter) => ({ ...solution, [key]: shorter }));
  }
  throw new Error('a solution has a string or an array field to mutate');
}

/** Malformed values every kind must refuse as a puzzle. */
const NOT_PUZZLES: unknown[] = [undefined, null, true, 0, -1, 1.5, '', 'puzzle', [], [1, 2, 3], {}, { a: 1 }];

/** The valid puzzle with one top-level field replaced by each of a few values of the wrong type or range. */
function brokenFields(puzzle: Record<string, unknown>): unknown[] {
  const wrong: unknown[] = [null, -1, 1e9, 2.5, 'x', '', [], {}, [null], [[-1]], [1e9]];
  return Object.keys(puzzle).flatMap((key) => wrong.map((value) => ({ ...puzzle, [key]: value })));
}

/** A JSON value with one place inside it (any depth) replaced by `replacement`. */
function replaceAt(value: unknown, path: readonly number[], replacement: unknown): unknown {
  if (path.length === 0 || typeof value !== 'object' || value === null) return replacement;
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const [step, ...rest] = path as [number, ...number[]];
  const key = keys[step % keys.length] as string;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
  (copy as Record<string, unknown>)[key] = replaceAt(
    (value as Record<string, unknown>)[key],
    rest,
    replacement,
  );
  return copy;
}

describe.each(KINDS)('the engine contract: %s', (kind) => {
  const engine = engineFor(kind);
  const descriptor = descriptorOf(kind);
  const first = engine.levels[0] as Level;

  describe('identity and levels', () => {
    it('names its own registry kind and a positive whole version', () => {
      expect(engine.kind).toBe(kind);
      expect(Number.isInteger(engine.version) && engine.version > 0).toBe(true);
    });

    it('lists at least one level, in the global easiest-first order, each with a default benchmark and a human floor', () => {
      expect(engine.levels.length).toBeGreaterThan(0);
      expect(LEVELS.filter((l) => engine.levels.includes(l))).toEqual([...engine.levels]);
      const floors: Partial<Record<Level, number>> = descriptor.floorSecondsPerStep;
      for (const level of engine.levels) {
        expect(defaultBenchmark(kind, level).seconds, level).toBeGreaterThan(0);
        expect(floors[level], level).toBeGreaterThan(0);
      }
    });

    it.each(LEVELS.filter((l) => !engine.levels.includes(l)))(
      'refuses level %s, which it does not have, with PuzzleInputError',
      (level) => {
        expect(thrown(() => engine.generate(FINGERPRINT_SEED, level))).toBeInstanceOf(PuzzleInputError);
      },
    );

    it('refuses a level no kind has with PuzzleInputError, from generateSized too', () => {
      const nightmare = 'nightmare' as Level;
      expect(thrown(() => engine.generate(FINGERPRINT_SEED, nightmare))).toBeInstanceOf(PuzzleInputError);
      if (engine.generateSized) {
        const sized = thrown(() =>
          engine.generateSized?.(FINGERPRINT_SEED, { width: 5, height: 5 }, nightmare),
        );
        expect(sized).toBeInstanceOf(PuzzleInputError);
      }
    });
  });

  describe('seeds', () => {
    it.each([
      ['an empty seed', ''],
      [`a seed of ${MAX_SEED_LENGTH + 1} characters`, 'x'.repeat(MAX_SEED_LENGTH + 1)],
      ['a seed that is not a string', 42],
    ])('refuses %s with PuzzleInputError and the common message', (_, seed) => {
      const error = thrown(() => engine.generate(seed as string, first));
      expect(error).toBeInstanceOf(PuzzleInputError);
      expect((error as Error).message).toContain(SEED_RULE);
    });

    it('applies the same rule to boards of other sizes', () => {
      if (!engine.generateSized) return;
      for (const seed of ['', 'x'.repeat(MAX_SEED_LENGTH + 1)]) {
        const error = thrown(() => engine.generateSized?.(seed, { width: 5, height: 5 }));
        expect(error).toBeInstanceOf(PuzzleInputError);
        expect((error as Error).message).toContain(SEED_RULE);
      }
    });

    it(`takes seeds of 1 and of ${MAX_SEED_LENGTH} characters, and any characters`, () => {
      for (const seed of ['x', 'y'.repeat(MAX_SEED_LENGTH), 'ü ✓ 🧩']) {
        expect(engine.generate(seed, first).seed).toBe(seed);
      }
    });
  });

  describe.each(engine.levels)('generation at %s', (level) => {
    it('is deterministic: the same seed and level give a deep-equal result', () => {
      expect(engine.generate(FINGERPRINT_SEED, level)).toEqual(generated(kind, level));
    });

    it('gives the pinned puzzle for this version (a change of output needs a version bump)', async () => {
      const key = `${kind}@${engine.version}`;
      const actual = await fingerprint(generated(kind, level).puzzle);
      expect(FINGERPRINTS[key]?.[level], `pin FINGERPRINTS['${key}'].${level} = '${actual}'`).toBe(actual);
    });

    it('reports its seed, version and level, and a grade the grader agrees with', () => {
      const g = generated(kind, level);
      expect([g.seed, g.version, g.grade.level]).toEqual([FINGERPRINT_SEED, engine.version, level]);
      expect(Number.isInteger(g.attempt) && g.attempt >= 1).toBe(true);
      expect(engine.grade(g.puzzle).level).toBe(level);
    });

    it('is unique by the complete solver (or, with a solutionLength, solvable in exactly that many moves)', () => {
      const g = generated(kind, level);
      const result = engine.solve(g.puzzle, { maxSolutions: 2 });
      expect(result.truncated).toBe(false);
      expect(result.solutions).toHaveLength(1);
      const length = g.meta?.solutionLength;
      if (typeof length === 'number') {
        expect((result.solutions[0] as { moves: unknown[] }).moves).toHaveLength(length);
        expect((g.solution as { moves: unknown[] }).moves).toHaveLength(length);
      } else {
        expect(result.solutions[0]).toEqual(g.solution);
      }
    });

    it("accepts the generator's solution, in the shape the descriptor's solution schema takes", () => {
      const g = generated(kind, level);
      expect(descriptor.solution.safeParse(g.solution).success).toBe(true);
      expect(engine.check(g.puzzle, g.solution)).toMatchObject({ ok: true });
    });

    it('refuses every mutation of the solution, with a reason', () => {
      const g = generated(kind, level);
      for (const wrong of mutations(g.solution)) {
        expect(descriptor.solution.safeParse(wrong).success, JSON.stringify(wrong).slice(0, 80)).toBe(true);
        const verdict = engine.check(g.puzzle, wrong);
        expect(verdict.ok).toBe(false);
        expect(verdict.ok ? '' : verdict.reason).not.toBe('');
      }
    });

    it('round-trips through JSON and parsePuzzle', () => {
      const { puzzle } = generated(kind, level);
      const parsed = engine.parsePuzzle(JSON.parse(JSON.stringify(puzzle)));
      expect(parsed).toEqual(puzzle);
      expect(engine.parsePuzzle(parsed)).toEqual(puzzle);
    });

    it(
      descriptor.reveal
        ? 'shows players a public form that is not the full puzzle'
        : 'shows players the whole puzzle, never its solution',
      () => {
        const { puzzle, solution } = generated(kind, level);
        const shown = JSON.parse(JSON.stringify(engine.toPublic(puzzle))) as unknown;
        if (descriptor.reveal) expect(parseOutcome(engine, shown)).toBe('refused');
        else expect(engine.parsePuzzle(shown)).toEqual(puzzle);
        expect(JSON.stringify(shown)).not.toContain(JSON.stringify(solution));
      },
    );

    it('renders a picture, with and without the solution', () => {
      const { puzzle, solution } = generated(kind, level);
      expect(engine.render(puzzle).length).toBeGreaterThan(0);
      expect(engine.render(puzzle, solution).length).toBeGreaterThan(0);
    });
  });

  describe('parsing outside input', () => {
    const valid = () => JSON.parse(JSON.stringify(generated(kind, first).puzzle)) as Record<string, unknown>;

    it.each(NOT_PUZZLES.map((v) => [JSON.stringify(v) ?? 'undefined', v]))(
      'refuses %s with PuzzleInputError',
      (_, value) => {
        expect(parseOutcome(engine, value)).toBe('refused');
      },
    );

    it('refuses a puzzle with a field of the wrong type or range, always with PuzzleInputError', () => {
      for (const broken of brokenFields(valid())) {
        expect(parseOutcome(engine, broken), JSON.stringify(broken).slice(0, 120)).toBe('refused');
      }
    });

    it('refuses an unknown extra field with PuzzleInputError', () => {
      expect(parseOutcome(engine, { ...valid(), extra: 1 })).toBe('refused');
    });

    it('never throws anything but PuzzleInputError, whatever JSON it is given', () => {
      fc.assert(
        fc.property(fc.jsonValue(), (json) => {
          parseOutcome(engine, json);
        }),
        { numRuns: 300 },
      );
    });

    it('never throws anything but PuzzleInputError for the valid puzzle with any one place replaced', () => {
      fc.assert(
        fc.property(
          fc.array(fc.nat(), { maxLength: 4 }),
          fc.jsonValue({ maxDepth: 2 }),
          (path, replacement) => {
            parseOutcome(engine, replaceAt(valid(), path, replacement));
          },
        ),
        { numRuns: 500 },
      );
    });
  });

  describe('checking untrusted submissions', () => {
    it('answers any JSON with a verdict, never an exception', () => {
      const { puzzle } = generated(kind, first);
      fc.assert(
        fc.property(fc.jsonValue(), (submission) => {
          const verdict = engine.check(puzzle, submission);
          expect(typeof verdict.ok).toBe('boolean');
        }),
        { numRuns: 300 },
      );
    });

    it('refuses a missing or empty submission with a reason', () => {
      const { puzzle } = generated(kind, first);
      for (const submission of [undefined, null, {}, []]) {
        const verdict = engine.check(puzzle, submission);
        expect(verdict.ok).toBe(false);
        expect(verdict.ok ? '' : verdict.reason).not.toBe('');
      }
    });
  });

  describe.each(engine.levels)('the move log at %s', (level) => {
    it('replays the steps to the generated solution to exactly that solution, which check accepts', () => {
      const { puzzle, solution } = generated(kind, level);
      const replayed = engine.replayLog(puzzle, timed(engine.stepsTo(puzzle, solution)));
      expect(replayed).toEqual({ ok: true, board: solution });
      expect(engine.check(puzzle, replayed.ok ? replayed.board : null)).toMatchObject({ ok: true });
    });

    it("writes steps within the descriptor's log-entry bounds", () => {
      const { puzzle, solution } = generated(kind, level);
      for (const entry of timed(engine.stepsTo(puzzle, solution))) {
        expect(logEntryProblem(descriptor.logEntry, entry), JSON.stringify(entry)).toBeNull();
      }
    });

    it('leaves the start position for an empty log, which is not a solution', () => {
      const { puzzle } = generated(kind, level);
      const replayed = engine.replayLog(puzzle, []);
      expect(replayed.ok).toBe(true);
      expect(engine.check(puzzle, replayed.ok ? replayed.board : null)).toMatchObject({ ok: false });
    });

    it('refuses an entry beyond the board with its index', () => {
      const { puzzle, solution } = generated(kind, level);
      const steps = engine.stepsTo(puzzle, solution);
      const kept = steps.slice(0, 2);
      const log = timed([...kept, [999, 1]]);
      expect(engine.replayLog(puzzle, log)).toMatchObject({ ok: false, index: kept.length });
    });
  });
});
