import { areAnswersPublic, type IsoDate } from '../daily/calendar.js';
import { recordReveal } from '../db/sessions.js';
import type { RevealCapability } from '../kinds/descriptor.js';
import { engineFor, type Kind } from '../kinds/index.js';
import type { Services } from '../services.js';

/** What became of a reveal; the route turns each into its HTTP answer. */
export type RevealOutcome =
  | { ok: true; view: unknown }
  /** Before the date's answers are public, hidden colours are shown only to a player's session. */
  | { ok: false; reason: 'needs_player' }
  | { ok: false; reason: 'no_session' }
  | { ok: false; reason: 'illegal_move'; message: string; index?: number };

/**
 * The position after `moves` (the moves so far, in the kind's solution format), showing only the hidden
 * units those moves expose, for a kind whose descriptor has `reveal` (colour sort). Until the
 * date's answers are public this is a player's play: it needs the player's session of the puzzle (so the
 * clock runs from before the first hidden colour is seen), and what it shows is added to the session,
 * which the ranked solve is then held to (src/fairplay/reveal-match.ts). Afterwards anyone may replay.
 *
 * What one request can show is bounded by its own moves: a legal line from the start, replayed by the
 * engine, exposes at most two units per pour. Many requests along different lines can together show every
 * hidden unit, but so does any solve; what they cannot do is show them off the clock, and the fastest
 * enumeration still ends in a solve that the human floor times over every pour of its moves.
 */
export async function revealPosition(
  services: Services,
  player: { id: string } | null,
  date: IsoDate,
  capability: RevealCapability<unknown, unknown>,
  puzzle: { id: string; kind: Kind; puzzle: unknown },
  moves: unknown,
): Promise<RevealOutcome> {
  const closed = !areAnswersPublic(date, services.now());
  if (closed && !player) return { ok: false, reason: 'needs_player' };
  const result = capability.replay(engineFor(puzzle.kind).parsePuzzle(puzzle.puzzle), moves);
  // An illegal list changes nothing. Its reason may speak of units the legal moves before it exposed
  // (a different colour on top), but those are the same moves' units, seen on the same clock, and the
  // ranked solve needs every hidden unit recorded anyway.
  if (closed && player) {
    const held = await recordReveal(services.db, {
      playerId: player.id,
      puzzleId: puzzle.id,
      units: result.ok ? result.exposed : [],
    });
    if (!held) return { ok: false, reason: 'no_session' };
  }
  if (!result.ok) {
    return result.index === undefined
      ? { ok: false, reason: 'illegal_move', message: result.reason }
      : { ok: false, reason: 'illegal_move', message: result.reason, index: result.index };
  }
  return { ok: true, view: result.view };
}
