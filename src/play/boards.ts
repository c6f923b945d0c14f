import type { BoardScope } from '../db/board-scope.js';
import { isMember } from '../db/groups.js';
import type { Services } from '../services.js';

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
  return { ok: true, scope: { kind: 'group', groupId, viewerId } };
}
