import type { SubmissionResult } from '../contract/submission.js';
import type { WebhookEventType } from '../contract/webhooks.js';
import type { WebhookEvent } from '../webhooks/events.js';

/**
 * The webhook events of a ranked solve just stored, on either path: `solve.ranked` when it counts at once,
 * `solve.held` when it waits for a moderator (pending or flagged), and what it did to the player's streak.
 * A streak lapses without a request to notice it, so `streak.broken` is told at the player's next solve,
 * the one that begins it anew (its change `reset`): the fact is then certain in the player's own calendar.
 * Only those some endpoint hears (`heard`): the queue's consumer would drop the others, at a cost per solve.
 */
export function solveEvents(
  playerId: string,
  puzzle: { id: string; date: string; kind: string; level: string },
  result: SubmissionResult,
  heard: ReadonlySet<WebhookEventType>,
): WebhookEvent[] {
  if (!result.valid || result.repeated) return [];
  const about = { puzzleId: puzzle.id, date: puzzle.date, kind: puzzle.kind, level: puzzle.level };
  const events: WebhookEvent[] = [];
  const verdict = result.verdict ?? 'clean';
  if (verdict === 'clean') {
    events.push({
      type: 'solve.ranked',
      playerId,
      data: {
        ...about,
        countedMs: result.countedMs,
        score: result.score,
        rank: result.rank ?? null,
        solvers: result.solvers ?? null,
      },
    });
  } else if (verdict === 'pending' || verdict === 'flagged') {
    events.push({ type: 'solve.held', playerId, data: { ...about, countedMs: result.countedMs, verdict } });
  }
  const { change, current, best } = result.streak;
  if (change === 'reset') {
    events.push({ type: 'streak.broken', playerId, data: { ...about, current, best } });
  } else if (change !== null) {
    events.push({ type: 'streak.extended', playerId, data: { ...about, current, best, change } });
  }
  return events.filter((e) => heard.has(e.type));
}
