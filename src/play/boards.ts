import type { BoardScope } from '../db/board-scope.js';
import { isMember } from '../db/groups.js';
import type { RowPlayer } from '../db/leaderboards.js';
import type { Services } from '../http/context.js';
import { sees } from './visibility.js';

export type ScopeOutcome =
  | { ok: true; scope: BoardScope }
  | { ok: false; reason: 'needs_player' | 'not_member' };

/**
 * The scope a viewer asked for (`global`, `following` or `group:<id>`, as the route has checked), if it may
 * have it: following and group boards need a player, a group's board one of its members.
 */
export async function resolveScope(
  services: Services,
  viewerId: string | null,
  name: string,
): Promise<ScopeOutcome> {
  if (name === 'global') return { ok: true, scope: { kind: 'global' } };
  if (viewerId === null) return { ok: false, reason: 'needs_player' };
  if (name === 'following') return { ok: true, scope: { kind: 'following', viewerId } };
  const groupId = name.slice('group:'.length);
  if (!(await isMember(services.db, groupId, viewerId))) return { ok: false, reason: 'not_member' };
  return { ok: true, scope: { kind: 'group', groupId } };
}

/** A board row's player as the viewer may see it: a player it may not see shows as hidden, without id or name. */
export interface ShownPlayer {
  playerId: string | null;
  displayName: string | null;
  hidden: boolean;
}

/**
 * Visibility on boards: as on profiles (visibility.ts), except that on a group's board fellow members see a
 * `followers` player (joining the group was its choice to be seen there).
 */
export function shownPlayer(row: RowPlayer, viewerId: string | null, scope: BoardScope): ShownPlayer {
  const visible =
    sees(viewerId, { id: row.playerId, boardVisibility: row.boardVisibility }, row.mutual) ||
    (scope.kind === 'group' && row.boardVisibility === 'followers');
  return visible
    ? { playerId: row.playerId, displayName: row.displayName, hidden: false }
    : { playerId: null, displayName: null, hidden: true };
}
