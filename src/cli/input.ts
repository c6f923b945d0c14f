/**
 * What the CLI accepts as a puzzle or a solution: the bare interchange JSON, or any of the envelopes the
 * service and the CLI print around it, taken as they are:
 * - GET /v1/puzzles/{date}/{kind}/{level}: `{id, kind, level, puzzle, …}` (the public puzzle),
 * - GET /v1/puzzles/{date}/{kind}/{level}/answer: `{id, seed, puzzle, solution, meta}` (the full puzzle),
 * - `generate --json`: `{kind, level, puzzle, solution, grade, …}`,
 * - `solve --json`: `{kind, solutions, first, nodes, truncated}` (as a solution: its `first`),
 * - a submission body `{solution, elapsedMs, startToken}` (as a solution).
 */
import { descriptorOf, type Kind } from '../kinds/index.js';
import { UsageError } from './args.js';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `DATE:KIND:LEVEL`, the service's puzzle id. */
const PUZZLE_ID = /^(\d{4}-\d{2}-\d{2}):([a-z0-9-]+):([a-z]+)$/;

/** The kind an envelope names: its `kind` field, else the middle part of its puzzle `id`. */
function namedKind(envelope: JsonObject): string | undefined {
  if (typeof envelope.kind === 'string') return envelope.kind;
  return typeof envelope.id === 'string' ? PUZZLE_ID.exec(envelope.id)?.[2] : undefined;
}

function refuseOtherKind(kind: Kind, envelope: JsonObject, source: string): void {
  const named = namedKind(envelope);
  if (named !== undefined && named !== kind)
    throw new UsageError(`${source} holds a ${named} puzzle, not ${kind}`);
}

/** Where the full puzzle of a public puzzle can be had, as precisely as the envelope tells. */
function answerRoute(kind: Kind, envelope: JsonObject | undefined): string {
  const id = typeof envelope?.id === 'string' ? PUZZLE_ID.exec(envelope.id) : null;
  const route = id
    ? `GET /v1/puzzles/${id[1]}/${id[2]}/${id[3]}/answer`
    : `GET /v1/puzzles/{date}/${kind}/{level}/answer`;
  const from = typeof envelope?.answersPublicAt === 'string' ? ` (from ${envelope.answersPublicAt})` : '';
  return `${route} once the date is public${from}`;
}

const containsNull = (value: unknown): boolean =>
  value === null || (typeof value === 'object' && Object.values(value).some(containsNull));

/**
 * A kind that hides information until the date is public (colour sort's hidden units) shows it as null in
 * its public puzzle: nothing can solve, check or grade that without the hidden part, and guessing it would
 * answer a different puzzle.
 */
function refuseHidden(kind: Kind, puzzle: unknown, envelope: JsonObject | undefined, source: string): void {
  const { reveal, displayName } = descriptorOf(kind);
  if (!reveal || !containsNull(puzzle)) return;
  throw new UsageError(
    `${source} is a public ${displayName.toLowerCase()} puzzle with hidden parts (null): it cannot be ` +
      `solved, checked or graded without them. The full puzzle is only available from ${answerRoute(kind, envelope)}.`,
  );
}

/** The puzzle JSON inside what was read (an envelope or the bare puzzle), for the engine to parse. */
export function puzzleFrom(kind: Kind, json: unknown, source: string): unknown {
  if (isObject(json) && Array.isArray(json.puzzles)) {
    throw new UsageError(
      `${source} is a list of ${json.puzzles.length} puzzles; pass one of them ` +
        `(e.g. jq '.puzzles[] | select(.kind == "${kind}" and .level == "easy")')`,
    );
  }
  const envelope = isObject(json) && isObject(json.puzzle) ? json : undefined;
  if (envelope) refuseOtherKind(kind, envelope, source);
  const puzzle = envelope ? envelope.puzzle : json;
  refuseHidden(kind, puzzle, envelope, source);
  return puzzle;
}

/** What `solve --json` prints: the solver's count and its first solution, null when it found none. */
const isSolveOutput = (json: JsonObject): boolean => typeof json.solutions === 'number' && 'first' in json;

/**
 * The solution JSON inside what was read: an envelope's `solution`, `solve --json`'s first solution, or the
 * bare solution.
 */
export function solutionFrom(kind: Kind, json: unknown, source: string): unknown {
  if (isObject(json) && isSolveOutput(json)) {
    refuseOtherKind(kind, json, source);
    if (json.first === null) {
      throw new UsageError(`${source} is solve output without a solution: the solver found none to check`);
    }
    return json.first;
  }
  if (!isObject(json) || !('solution' in json)) return json;
  refuseOtherKind(kind, json, source);
  return json.solution;
}
