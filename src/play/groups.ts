import { newShortCode, normalShortCode } from '../auth/short-codes.js';
import {
  addMember,
  createGroup,
  deleteGroup,
  findGroup,
  findGroupByInvite,
  type GroupRow,
  groupMembersOf,
  groupsOf,
  isMember,
  membershipCount,
  removeMember,
  setInviteCode,
  setOwner,
} from '../db/groups.js';
import type { Services } from '../services.js';

/** A group holds at most this many members: a club or an office, small enough that its board stays personal. */
export const MAX_GROUP_MEMBERS = 100;
/** A player belongs to at most this many groups, its own included. */
export const MAX_GROUPS_PER_PLAYER = 20;

export interface GroupView {
  id: string;
  name: string;
  /** Null when the viewer may not see the owner (db/visibility.ts). */
  ownerId: string | null;
  createdAt: string;
  /** Every member, those the viewer may not see included: the seats the group's cap counts. */
  members: number;
}

function view(group: Omit<GroupRow, 'inviteCode'>, members: number, ownerShown: boolean): GroupView {
  return {
    id: group.id,
    name: group.name,
    ownerId: ownerShown ? group.ownerId : null,
    createdAt: group.createdAt,
    members,
  };
}

/** Invite codes are shown grouped, like link codes, and stored in their normal form. */
const shown = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

export type NewGroupOutcome =
  | { ok: true; group: GroupView; inviteCode: string }
  | { ok: false; reason: 'limit' };

export async function newGroup(services: Services, ownerId: string, name: string): Promise<NewGroupOutcome> {
  if ((await membershipCount(services.db, ownerId)) >= MAX_GROUPS_PER_PLAYER)
    return { ok: false, reason: 'limit' };
  const code = normalShortCode(newShortCode()) as string;
  const group: GroupRow = {
    id: crypto.randomUUID(),
    name,
    ownerId,
    inviteCode: code,
    createdAt: services.now().toISOString(),
  };
  await createGroup(services.db, group);
  return { ok: true, group: view(group, 1, true), inviteCode: shown(code) };
}

export type JoinOutcome =
  | { ok: true; group: GroupView }
  | { ok: false; reason: 'invalid_invite' | 'already_member' | 'group_full' | 'limit' };

export async function joinGroup(services: Services, playerId: string, typed: string): Promise<JoinOutcome> {
  const code = normalShortCode(typed);
  const group = code === null ? undefined : await findGroupByInvite(services.db, code);
  if (!group) return { ok: false, reason: 'invalid_invite' };
  if (await isMember(services.db, group.id, playerId)) return { ok: false, reason: 'already_member' };
  if ((await membershipCount(services.db, playerId)) >= MAX_GROUPS_PER_PLAYER)
    return { ok: false, reason: 'limit' };
  const added = await addMember(
    services.db,
    group.id,
    playerId,
    services.now().toISOString(),
    MAX_GROUP_MEMBERS,
  );
  if (!added) return { ok: false, reason: 'group_full' };
  const joined = (await groupsOfPlayer(services, playerId)).find((g) => g.id === group.id);
  return joined ? { ok: true, group: joined } : { ok: false, reason: 'invalid_invite' };
}

/** The groups the player belongs to (any of its devices sees the same), oldest membership first. */
export async function groupsOfPlayer(
  services: Services,
  playerId: string,
): Promise<(GroupView & { joinedAt: string })[]> {
  const rows = await groupsOf(services.db, playerId);
  return rows.map(({ ownerShown, members, joinedAt, ...group }) => ({
    ...view(group, members, ownerShown),
    joinedAt,
  }));
}

export type GroupDetail = GroupView & {
  /** Shown to the owner only. */
  inviteCode: string | null;
  memberList: { playerId: string | null; displayName: string | null; hidden: boolean; joinedAt: string }[];
};

/**
 * The group as a member sees it: the members it may see (db/visibility.ts), and for the owner its invite
 * code and every other member as a "hidden player", without id or name: the owner sees its group's seats,
 * not who hides in them. A group the player is not in is refused as one that does not exist.
 */
export type GroupDetailOutcome = { ok: true; group: GroupDetail } | { ok: false; reason: 'not_found' };

export async function groupDetail(
  services: Services,
  viewerId: string,
  groupId: string,
): Promise<GroupDetailOutcome> {
  const group = await findGroup(services.db, groupId);
  if (!group || !(await isMember(services.db, groupId, viewerId))) return { ok: false, reason: 'not_found' };
  const members = await groupMembersOf(services.db, groupId, viewerId);
  const owner = group.ownerId === viewerId;
  const ownerShown = members.some((m) => m.playerId === group.ownerId && m.shown);
  return {
    ok: true,
    group: {
      ...view(group, members.length, ownerShown),
      inviteCode: owner ? shown(group.inviteCode) : null,
      memberList: members.flatMap((m): GroupDetail['memberList'] => {
        if (m.shown)
          return [{ playerId: m.playerId, displayName: m.displayName, hidden: false, joinedAt: m.joinedAt }];
        return owner ? [{ playerId: null, displayName: null, hidden: true, joinedAt: m.joinedAt }] : [];
      }),
    },
  };
}

export type LeaveOutcome = { ok: true } | { ok: false; reason: 'not_member' };

/**
 * Leaves a group. An owner who leaves hands the group to its longest-standing member; the last member
 * leaving deletes it.
 */
export async function leaveGroup(
  services: Services,
  playerId: string,
  groupId: string,
): Promise<LeaveOutcome> {
  const group = await findGroup(services.db, groupId);
  if (!group || !(await removeMember(services.db, groupId, playerId)))
    return { ok: false, reason: 'not_member' };
  if (group.ownerId !== playerId) return { ok: true };
  const [heir] = await groupMembersOf(services.db, groupId, null);
  if (heir) await setOwner(services.db, groupId, heir.playerId);
  else await deleteGroup(services.db, groupId);
  return { ok: true };
}

export type OwnerOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; reason: 'not_found' | 'not_owner' | 'not_member' };

async function asOwner<T>(
  services: Services,
  ownerId: string,
  groupId: string,
  act: (group: GroupRow) => Promise<OwnerOutcome<T>>,
): Promise<OwnerOutcome<T>> {
  const group = await findGroup(services.db, groupId);
  if (!group || !(await isMember(services.db, groupId, ownerId))) return { ok: false, reason: 'not_found' };
  if (group.ownerId !== ownerId) return { ok: false, reason: 'not_owner' };
  return act(group);
}

/** A new invite code for the group: the old one stops working. */
export function rotateInvite(
  services: Services,
  ownerId: string,
  groupId: string,
): Promise<OwnerOutcome<string>> {
  return asOwner(services, ownerId, groupId, async (group) => {
    const code = normalShortCode(newShortCode()) as string;
    await setInviteCode(services.db, group.id, code);
    return { ok: true, value: shown(code) };
  });
}

/** The owner removes a member (itself: as leaving). */
export function removeFromGroup(
  services: Services,
  ownerId: string,
  groupId: string,
  memberId: string,
): Promise<OwnerOutcome<null>> {
  return asOwner(services, ownerId, groupId, async (group) => {
    if (memberId === ownerId) {
      await leaveGroup(services, ownerId, group.id);
      return { ok: true, value: null };
    }
    return (await removeMember(services.db, group.id, memberId))
      ? { ok: true, value: null }
      : { ok: false, reason: 'not_member' };
  });
}

/** The owner deletes the group and every membership of it. */
export function dissolveGroup(
  services: Services,
  ownerId: string,
  groupId: string,
): Promise<OwnerOutcome<null>> {
  return asOwner(services, ownerId, groupId, async (group) => {
    await deleteGroup(services.db, group.id);
    return { ok: true, value: null };
  });
}
