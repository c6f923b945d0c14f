import type { Level } from '../contract/kinds/index.js';
import type { Db } from '../db/client.js';
import type { Lines } from '../db/lines.js';
import { linesOf, setLines } from '../db/lines.js';
import type { Moderator } from '../db/moderators.js';
import type { Kind } from '../kinds/index.js';
import { auditEntry } from './audit-entry.js';

export type SetLinesOutcome = { ok: true; lines: Lines } | { ok: false; reason: 'not_found' };

/**
 * A moderator's floor and elite line for a kind and level, as multiples of the benchmark (null: none).
 * Learning never takes a line below its cold value (src/fairplay/human-floor.ts, elite-line.ts); going
 * lower is a person's decision, with its reason in the audit log.
 */
export async function setModeratorLines(
  db: Db,
  key: { kind: Kind; level: Level },
  lines: { floorRatio: number | null; eliteRatio: number | null },
  by: Moderator,
  reason: string,
  now: Date,
): Promise<SetLinesOutcome> {
  if (!(await linesOf(db, key.kind, key.level))) return { ok: false, reason: 'not_found' };
  await setLines(db, {
    ...key,
    floorRatioSet: lines.floorRatio,
    eliteRatioSet: lines.eliteRatio,
    audit: auditEntry(by, 'set_lines', `${key.kind}:${key.level}`, reason, now, {
      floorRatio: lines.floorRatio,
      eliteRatio: lines.eliteRatio,
    }),
  });
  const after = await linesOf(db, key.kind, key.level);
  return after ? { ok: true, lines: after } : { ok: false, reason: 'not_found' };
}
