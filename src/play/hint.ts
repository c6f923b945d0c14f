import { areAnswersPublic, type IsoDate } from '../daily/calendar.js';
import { recordHint, sessionHints } from '../db/sessions.js';
import type { Hint } from '../engines/hint.js';
import { PuzzleInputError } from '../engines/types.js';
import type { HintCapability } from '../kinds/descriptor.js';
import { engineFor, type Kind } from '../kinds/index.js';
import type { Services } from '../services.js';

/** Hints one session may have: enough to be taught a whole hard puzzle's advanced steps, not to be walked through every cell. */
export const HINTS_PER_SESSION = 30;

export type HintOutcome =
  | { ok: true; hint: Hint; hintsUsed: number }
  | { ok: false; reason: 'no_session' }
  | { ok: false; reason: 'position_mismatch'; message: string }
  | { ok: false; reason: 'hint_limit'; limit: number }
  /** The first hint of a still-ranked session, asked without the player's consent to make it practice. */
  | { ok: false; reason: 'hint_ends_ranking' };

/**
 * The grader's next step from the player's board (already parsed by the kind's position schema), counted in
 * the player's session of the puzzle: a solve after a hint is practice (src/play/submit.ts), so the first
 * hint of a session whose date is still ranked needs `acceptPractice`. The session, its cap and the consent
 * are checked before the engine works, so a refused request costs no search. The puzzle's solution is read
 * here and never leaves: the engine's hint names at most its own step's conclusions.
 */
export async function giveHint(
  services: Services,
  player: { id: string },
  capability: HintCapability<unknown, unknown>,
  puzzle: { id: string; date: IsoDate; kind: Kind; puzzle: unknown; answer: unknown },
  request: { position: unknown; acceptPractice: boolean },
): Promise<HintOutcome> {
  const given = await sessionHints(services.db, { playerId: player.id, puzzleId: puzzle.id });
  if (given === undefined) return { ok: false, reason: 'no_session' };
  if (given >= HINTS_PER_SESSION) return { ok: false, reason: 'hint_limit', limit: HINTS_PER_SESSION };
  const ranked = given === 0 && !areAnswersPublic(puzzle.date, services.now());
  if (ranked && !request.acceptPractice) return { ok: false, reason: 'hint_ends_ranking' };
  let hint: Hint;
  try {
    hint = capability.next(
      engineFor(puzzle.kind).parsePuzzle(puzzle.puzzle),
      puzzle.answer,
      request.position,
    );
  } catch (error) {
    // The position's schema cannot know the puzzle's size: the engine says when the two do not fit.
    if (error instanceof PuzzleInputError)
      return { ok: false, reason: 'position_mismatch', message: error.message };
    throw error;
  }
  // Counted with the cap in the same statement: a concurrent hint may have taken the last one meanwhile.
  const counted = await recordHint(services.db, {
    playerId: player.id,
    puzzleId: puzzle.id,
    cap: HINTS_PER_SESSION,
  });
  if (!counted.ok) {
    return counted.reason === 'hint_limit'
      ? { ok: false, reason: 'hint_limit', limit: HINTS_PER_SESSION }
      : { ok: false, reason: 'no_session' };
  }
  return { ok: true, hint, hintsUsed: counted.hints };
}
