import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_GROUP_MEMBERS } from '../../src/play/groups.js';
import { clientAt } from '../support/client.js';
import { type NewPlayer, register } from '../support/play.js';

const at = '2026-11-29T12:00:00Z';
/** The client as the player of `token` (none: anonymous). */
const as = (token?: string) => clientAt(at, token === undefined ? {} : { token });

describe('follows', () => {
  it('follows, lists and unfollows a player; following twice changes nothing', async () => {
    const [a, b] = [await register(at, 'Follower'), await register(at, 'Followed')];
    const follower = as(a.token);
    expect(await follower.follow(b.player.id)).toEqual({
      playerId: b.player.id,
      following: true,
      created: true,
    });
    expect(await follower.follow(b.player.id)).toMatchObject({ created: false });
    const list = await follower.follows();
    expect(list.follows).toEqual([
      { playerId: b.player.id, displayName: 'Followed', followedAt: new Date(at).toISOString() },
    ]);
    await follower.unfollow(b.player.id);
    expect(follower.responses.at(-1)?.status).toBe(204);
    expect(await follower.follows()).toEqual({ follows: [], nextCursor: null });
  });

  it('refuses following oneself, an unknown player, unfollowing one not followed, and a malformed id, changing nothing', async () => {
    const a = await register(at);
    const player = as(a.token);
    await expect(player.follow(a.player.id)).rejects.toMatchObject({
      status: 400,
      code: 'cannot_follow_self',
    });
    const nobody = '00000000-0000-4000-8000-000000000000';
    await expect(player.follow(nobody)).rejects.toMatchObject({ status: 404 });
    await expect(player.unfollow(nobody)).rejects.toMatchObject({ status: 404, code: 'not_following' });
    await expect(player.follow('nope')).rejects.toMatchObject({ status: 400 });
    const rows = await env.DB.prepare('select count(*) as n from follows where follower_id = ?')
      .bind(a.player.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});

describe('groups', () => {
  async function groupOf(owner: NewPlayer, name = 'Office puzzlers') {
    const api = as(owner.token);
    const made = await api.createGroup(name);
    expect(api.responses.at(-1)?.status).toBe(201);
    return made;
  }

  it('is made with its owner as first member and an invite code others join with', async () => {
    const owner = await register(at, 'Owner');
    const { group, inviteCode } = await groupOf(owner);
    expect(group.members).toBe(1);
    expect(inviteCode).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const member = as((await register(at, 'Member')).token);
    expect(await member.joinGroup(inviteCode.toLowerCase())).toMatchObject({
      group: { id: group.id, members: 2 },
    });
    const seen = await member.group(group.id);
    expect(seen.inviteCode).toBeNull();
    expect(seen.memberList.map((m) => m.displayName)).toEqual(['Owner', 'Member']);
    const ownerView = await as(owner.token).group(group.id);
    expect(ownerView.inviteCode).toBe(inviteCode);
  });

  it('refuses joining twice, an unknown code, and shows nothing of a group to a non-member', async () => {
    const owner = await register(at);
    const { group, inviteCode } = await groupOf(owner);
    await expect(as(owner.token).joinGroup(inviteCode)).rejects.toMatchObject({
      status: 409,
      code: 'already_member',
    });
    const stranger = as((await register(at)).token);
    await expect(stranger.joinGroup('ZZZZZ-ZZZZZ')).rejects.toMatchObject({
      status: 404,
      code: 'invalid_invite',
    });
    await expect(stranger.group(group.id)).rejects.toMatchObject({ status: 404 });
    await expect(stranger.leaveGroup(group.id)).rejects.toMatchObject({ status: 404, code: 'not_member' });
  });

  it('lets the owner rotate the invite code (the old one stops working) and remove members; others may not', async () => {
    const owner = await register(at);
    const { group, inviteCode } = await groupOf(owner);
    const member = as((await register(at)).token);
    await member.joinGroup(inviteCode);
    await expect(member.rotateInviteCode(group.id)).rejects.toMatchObject({ status: 403 });
    const rotated = await as(owner.token).rotateInviteCode(group.id);
    expect(rotated.inviteCode).not.toBe(inviteCode);
    const lateJoiner = await register(at);
    const late = as(lateJoiner.token);
    await expect(late.joinGroup(inviteCode)).rejects.toMatchObject({ status: 404 });
    await late.joinGroup(rotated.inviteCode);
    expect(late.responses.at(-1)?.status).toBe(200);
    await expect(member.removeMember(group.id, lateJoiner.player.id)).rejects.toMatchObject({ status: 403 });
    const ownerApi = as(owner.token);
    await ownerApi.removeMember(group.id, lateJoiner.player.id);
    expect(ownerApi.responses.at(-1)?.status).toBe(204);
    await expect(late.group(group.id)).rejects.toMatchObject({ status: 404 });
  });

  it('passes to the longest-standing member when the owner leaves, and disappears with its last member', async () => {
    const owner = await register(at);
    const { group, inviteCode } = await groupOf(owner);
    const member = await register(at);
    const memberApi = as(member.token);
    await memberApi.joinGroup(inviteCode);
    const ownerApi = as(owner.token);
    await ownerApi.leaveGroup(group.id);
    expect(ownerApi.responses.at(-1)?.status).toBe(204);
    expect(await memberApi.group(group.id)).toMatchObject({ ownerId: member.player.id });
    await memberApi.leaveGroup(group.id);
    expect(memberApi.responses.at(-1)?.status).toBe(204);
    const left = await env.DB.prepare('select count(*) as n from groups where id = ?')
      .bind(group.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it(`holds at most ${MAX_GROUP_MEMBERS} members`, async () => {
    const owner = await register(at);
    const { group, inviteCode } = await groupOf(owner);
    const statements = [];
    for (let i = 1; i < MAX_GROUP_MEMBERS; i++) {
      const id = crypto.randomUUID();
      statements.push(
        env.DB.prepare("insert into players (id, created_at) values (?, '2026-11-01T00:00:00Z')").bind(id),
        env.DB.prepare(
          "insert into group_members (group_id, player_id, joined_at) values (?, ?, '2026-11-29T00:00:00Z')",
        ).bind(group.id, id),
      );
    }
    await env.DB.batch(statements);
    const late = as((await register(at)).token);
    await expect(late.joinGroup(inviteCode)).rejects.toMatchObject({ status: 409, code: 'group_full' });
  });

  it("lists the caller's groups with their member counts, oldest membership first, and drops one left", async () => {
    const [owner, member] = [await register(at, 'Owner'), await register(at, 'Member')];
    const first = await groupOf(owner, 'First club');
    const second = await groupOf(owner, 'Second club');
    const memberApi = as(member.token);
    await memberApi.joinGroup(second.inviteCode);
    await memberApi.joinGroup(first.inviteCode);
    const listed = async (token: string) => (await as(token).myGroups()).groups;
    expect((await listed(member.token)).map((g) => [g.name, g.members, g.ownerId])).toEqual([
      ['Second club', 2, owner.player.id],
      ['First club', 2, owner.player.id],
    ]);
    await memberApi.leaveGroup(second.group.id);
    expect(memberApi.responses.at(-1)?.status).toBe(204);
    expect((await listed(member.token)).map((g) => g.name)).toEqual(['First club']);
    expect((await listed(owner.token)).map((g) => [g.name, g.members])).toEqual([
      ['First club', 2],
      ['Second club', 1],
    ]);
  });

  it('shows a linked device the same groups, and nobody without a token', async () => {
    const owner = await register(at, 'Owner');
    const { group } = await groupOf(owner);
    const code = await as(owner.token).createLinkCode();
    const device = as();
    const { token } = await device.link(code.code);
    expect(device.responses.at(-1)?.status).toBe(200);
    const linked = as(token);
    const { groups } = await linked.myGroups();
    expect(linked.responses.at(-1)?.headers.get('Cache-Control')).toBe('private, no-store');
    expect(groups.map((g) => g.id)).toEqual([group.id]);
    await expect(as().myGroups()).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a name that is not one', async () => {
    const owner = as((await register(at)).token);
    for (const name of ['', 'x', '<script>', 'a'.repeat(41)]) {
      await expect(owner.createGroup(name)).rejects.toMatchObject({ status: 400 });
    }
  });
});
