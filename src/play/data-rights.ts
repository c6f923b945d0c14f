import { reviewNoteOf } from '../contract/submission.js';
import { groupsOf } from '../db/groups.js';
import { deletePlayer, playerData } from '../db/player-data.js';
import { sessionPuzzleIds } from '../db/sessions.js';
import type { SubmissionRow } from '../db/submissions.js';
import type { Services } from '../services.js';
import { leaveGroup } from './groups.js';
import { changeLiveSolves } from './live-moderation.js';

/**
 * Everything stored about the player, as JSON, but what the fair-play checks found: the floor and the elite
 * line each solve was held to, whether it came near them, the checks that held a solve and their figures
 * (the log's gap spread, its fast gaps, its burst) would tell a script exactly what to tune. A held solve
 * says why in plain words instead (`review`), as the submission's answer does.
 */
export async function exportPlayer(services: Services, playerId: string) {
  const data = await playerData(services.db, playerId);
  return {
    exportedAt: services.now().toISOString(),
    ...data,
    submissions: data.submissions.map(withoutLines),
  };
}

function withoutLines(row: SubmissionRow) {
  const { hugsFloor: _hugsFloor, earlyElite: _earlyElite, evidence: _evidence, flags: _flags, ...rest } = row;
  return { ...rest, review: reviewNoteOf(row.status) };
}

/**
 * Deletes the player: it leaves its groups first (a group it owned passes to its longest-standing member,
 * or goes with its last one), then its personal data is removed and its solves kept anonymously. The
 * boards of the live puzzles it started copy its solves to D1 first and take the stand-in from there.
 */
export async function erasePlayer(services: Services, playerId: string): Promise<void> {
  const { db, boards } = services;
  for (const group of await groupsOf(db, playerId)) await leaveGroup(services, playerId, group.id);
  const now = services.now();
  const started = boards ? await sessionPuzzleIds(db, playerId) : [];
  await changeLiveSolves(db, boards, started, now, () =>
    deletePlayer(db, playerId, crypto.randomUUID(), now.toISOString()),
  );
}
