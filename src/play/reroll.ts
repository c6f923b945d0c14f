import type { Level } from '../contract/kinds/index.js';
import type { UpcomingPuzzle } from '../contract/upcoming.js';
import { parseIsoDate } from '../daily/calendar.js';
import { puzzleId } from '../daily/puzzle-id.js';
import { nextAttempt } from '../daily/reroll.js';
import { judgeDate } from '../daily/window.js';
import { listBenchmarks } from '../db/benchmarks.js';
import type { Moderator } from '../db/moderators.js';
import { findPuzzle, replacePuzzle } from '../db/puzzles.js';
import { defaultBenchmark, type Kind } from '../kinds/index.js';
import type { Services } from '../services.js';
import { auditEntry } from './audit-entry.js';
import { preview } from './upcoming.js';

export type RerollOutcome =
  | { ok: true; previousAttempt: number; puzzle: UpcomingPuzzle }
  | { ok: false; reason: 'malformed' | 'before_archive' | 'begun' | 'not_made' | 'raced' };

/**
 * Replaces a puzzle whose date has not begun anywhere with the next attempt of its date-derived seed,
 * audited with the owner's reason. Once the date has begun somewhere (UTC+14) players may hold it, so it
 * is refused; so is a puzzle not made yet (the cron or an owner's generation makes attempt 0 first).
 */
export async function rerollPuzzle(
  services: Services,
  by: Moderator,
  request: { date: string; kind: Kind; level: Level; reason: string },
): Promise<RerollOutcome> {
  const verdict = judgeDate(request.date, services.config.firstDay, services.now());
  if (verdict.ok) return { ok: false, reason: 'begun' };
  if (verdict.reason !== 'not_yet_playable') return { ok: false, reason: verdict.reason };
  const date = parseIsoDate(request.date);
  if (!date) return { ok: false, reason: 'malformed' };
  const key = { date, kind: request.kind, level: request.level };
  const id = puzzleId(key);
  const row = await findPuzzle(services.db, id);
  if (!row) return { ok: false, reason: 'not_made' };
  const stored = (await listBenchmarks(services.db)).find(
    (b) => b.kind === key.kind && b.level === key.level,
  );
  const base = stored
    ? { seconds: stored.seconds, unit: stored.unit }
    : defaultBenchmark(key.kind, key.level);
  const rerolled = await nextAttempt(services.config.puzzleSalt, key, row.attempt, base);
  const now = services.now();
  const audit = auditEntry(by, 'reroll', id, request.reason, now, {
    fromAttempt: row.attempt,
    toAttempt: rerolled.attempt,
  });
  const updated = await replacePuzzle(services.db, id, row.attempt, rerolled, audit);
  if (!updated) return { ok: false, reason: 'raced' };
  return { ok: true, previousAttempt: row.attempt, puzzle: preview(updated) };
}
