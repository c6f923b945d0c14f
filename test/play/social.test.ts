import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_GROUP_MEMBERS } from '../../src/play/groups.js';
import { appAt, type ErrorJson } from '../support/app.js';
import { bearer, type NewPlayer, register, someAddress } from '../support/play.js';

const at = '2026-11-29T12:00:00Z';
const api = appAt(at);
const json = { 'content-type': 'application/json' };

const call = (token: string, method: string, path: string, body?: unknown) =>
  api(path, {
    method,
    headers: { ...bearer(token), ...json },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function errorCode(res: Response): Promise<string> {
  return ((await res.json()) as ErrorJson).error.code;
}

describe('follows', () => {
  it('follows, lists and unfollows a player; following twice changes nothing', async () => {
    const [a, b] = [await register(at, 'Follower'), await register(at, 'Followed')];
    const first = await call(a.token, 'PUT', `/v1/players/me/follows/${b.player.id}`);
    expect(await first.json()).toEqual({ playerId: b.player.id, following: true, created: true });
    expect(await (await call(a.token, 'PUT', `/v1/players/me/follows/${b.player.id}`)).json()).toMatchObject({
      created: false,
    });
    const list = (await (await call(a.token, 'GET', '/v1/players/me/follows')).json()) as {
      follows: { playerId: string; displayName: string }[];
    };
    expect(list.follows).toEqual([
      { playerId: b.player.id, displayName: 'Followed', followedAt: new Date(at).toISOString() },
    ]);
    expect((await call(a.token, 'DELETE', `/v1/players/me/follows/${b.player.id}`)).status).toBe(204);
    expect(await (await call(a.token, 'GET', '/v1/players/me/follows')).json()).toEqual({
      follows: [],
      nextCursor: null,
    });
  });

  it('refuses following oneself, an unknown player, unfollowing one not followed, and a malformed id, changing nothing', async () => {
    const a = await register(at);
    const self = await call(a.token, 'PUT', `/v1/players/me/follows/${a.player.id}`);
    expect([self.status, await errorCode(self)]).toEqual([400, 'cannot_follow_self']);
    const unknown = await call(a.token, 'PUT', '/v1/players/me/follows/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    const notFollowing = await call(
      a.token,
      'DELETE',
      '/v1/players/me/follows/00000000-0000-4000-8000-000000000000',
    );
    expect([notFollowing.status, await errorCode(notFollowing)]).toEqual([404, 'not_following']);
    expect((await call(a.token, 'PUT', '/v1/players/me/follows/nope')).status).toBe(400);
    const rows = await env.DB.prepare('select count(*) as n from follows where follower_id = ?')
      .bind(a.player.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});

describe('groups', () => {
  async function groupOf(owner: NewPlayer, name = 'Office puzzlers') {
    const res = await call(owner.token, 'POST', '/v1/groups', { name });
    expect(res.status).toBe(201);
    return (await res.json()) as { group: { id: string; members: number }; inviteCode: string };
  }

  it('is made with its owner as first member and an invite code others join with', async () => {
    const owner = await register(at, 'Owner');
    const { group, inviteCode } = await groupOf(owner);
    expect(group.members).toBe(1);
    expect(inviteCode).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const member = await register(at, 'Member');
    const joined = await call(member.token, 'POST', '/v1/groups/join', {
      inviteCode: inviteCode.toLowerCase(),
    });
    expect(await joined.json()).toMatchObject({ group: { id: group.id, members: 2 } });
    const seen = (await (await call(member.token, 'GET', `/v1/groups/${group.id}`)).json()) as {
      inviteCode: string | null;
      memberList: { displayName: string }[];
    };
    expect(seen.inviteCode).toBeNull();
    expect(seen.memberList.map((m) => m.displayName)).toEqual(['Owner', 'Member']);
    const ownerView = (await (await call(owner.token, 'GET', `/v1/groups/${group.id}`)).json()) as {
      inviteCode: string;
    };
    expect(ownerView.inviteCode).toBe(inviteCode);
  });

  it('refuses joining twice, an unknown code, and shows nothing of a group to a non-member', async () => {
    const owner = await register(at);
    const { group, inviteCode } = await groupOf(owner);
    const twice = await call(owner.token, 'POST', '/v1/groups/join', { inviteCode });
    expect([twice.status, await errorCode(twice)]).toEqual([409, 'already_member']);
    const stranger = await register(at);
    const unknown = await call(stranger.token, 'POST', '/v1/groups/join', { inviteCode: 'ZZZZZ-ZZZZZ' });
    expect([unknown.status, await errorCode(unknown)]).toEqual([404, 'invalid_invite']);
    expect((await call(stranger.token, 'GET', `/v1/groups/${group.id}`)).status).toBe(404);
    const leaving = await call(stranger.token, 'DELETE', `/v1/groups/${group.id}/members/me`);
    expect([leaving.status, await errorCode(leaving)]).toEqual([404, 'not_member']);
  });

  it('lets the owner rotate the invite code (the old one stops working) and remove members; others may not', async () => {
    const owner = await register(at);
    const { group, inviteCode } = await groupOf(owner);
    const member = await register(at);
    await call(member.token, 'POST', '/v1/groups/join', { inviteCode });
    expect((await call(member.token, 'POST', `/v1/groups/${group.id}/invite-code`)).status).toBe(403);
    const rotated = (await (
      await call(owner.token, 'POST', `/v1/groups/${group.id}/invite-code`)
    ).json()) as { inviteCode: string };
    expect(rotated.inviteCode).not.toBe(inviteCode);
    const late = await register(at);
    expect((await call(late.token, 'POST', '/v1/groups/join', { inviteCode })).status).toBe(404);
    expect(
      (await call(late.token, 'POST', '/v1/groups/join', { inviteCode: rotated.inviteCode })).status,
    ).toBe(200);
    expect(
      (await call(member.token, 'DELETE', `/v1/groups/${group.id}/members/${late.player.id}`)).status,
    ).toBe(403);
    expect(
      (await call(owner.token, 'DELETE', `/v1/groups/${group.id}/members/${late.player.id}`)).status,
    ).toBe(204);
    expect((await call(late.token, 'GET', `/v1/groups/${group.id}`)).status).toBe(404);
  });

  it('passes to the longest-standing member when the owner leaves, and disappears with its last member', async () => {
    const owner = await register(at);
    const { group, inviteCode } = await groupOf(owner);
    const member = await register(at);
    await call(member.token, 'POST', '/v1/groups/join', { inviteCode });
    expect((await call(owner.token, 'DELETE', `/v1/groups/${group.id}/members/me`)).status).toBe(204);
    expect(await (await call(member.token, 'GET', `/v1/groups/${group.id}`)).json()).toMatchObject({
      ownerId: member.player.id,
    });
    expect((await call(member.token, 'DELETE', `/v1/groups/${group.id}/members/me`)).status).toBe(204);
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
    const late = await register(at);
    const full = await call(late.token, 'POST', '/v1/groups/join', { inviteCode });
    expect([full.status, await errorCode(full)]).toEqual([409, 'group_full']);
  });

  it("lists the caller's groups with their member counts, oldest membership first, and drops one left", async () => {
    const [owner, member] = [await register(at, 'Owner'), await register(at, 'Member')];
    const first = await groupOf(owner, 'First club');
    const second = await groupOf(owner, 'Second club');
    await call(member.token, 'POST', '/v1/groups/join', { inviteCode: second.inviteCode });
    await call(member.token, 'POST', '/v1/groups/join', { inviteCode: first.inviteCode });
    const listed = async (token: string) =>
      (
        (await (await call(token, 'GET', '/v1/players/me/groups')).json()) as {
          groups: { id: string; name: string; ownerId: string; members: number; joinedAt: string }[];
        }
      ).groups;
    expect((await listed(member.token)).map((g) => [g.name, g.members, g.ownerId])).toEqual([
      ['Second club', 2, owner.player.id],
      ['First club', 2, owner.player.id],
    ]);
    expect((await call(member.token, 'DELETE', `/v1/groups/${second.group.id}/members/me`)).status).toBe(204);
    expect((await listed(member.token)).map((g) => g.name)).toEqual(['First club']);
    expect((await listed(owner.token)).map((g) => [g.name, g.members])).toEqual([
      ['First club', 2],
      ['Second club', 1],
    ]);
  });

  it('shows a linked device the same groups, and nobody without a token', async () => {
    const owner = await register(at, 'Owner');
    const { group } = await groupOf(owner);
    const code = (await (await call(owner.token, 'POST', '/v1/players/me/link-codes')).json()) as {
      code: string;
    };
    const linked = await api('/v1/players/link', {
      method: 'POST',
      headers: { ...json, ...someAddress() },
      body: JSON.stringify({ code: code.code }),
    });
    expect(linked.status).toBe(200);
    const { token } = (await linked.json()) as { token: string };
    const res = await call(token, 'GET', '/v1/players/me/groups');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(((await res.json()) as { groups: { id: string }[] }).groups.map((g) => g.id)).toEqual([group.id]);
    expect((await api('/v1/players/me/groups')).status).toBe(401);
  });

  it('refuses a name that is not one', async () => {
    const owner = await register(at);
    for (const name of ['', 'x', '<script>', 'a'.repeat(41)]) {
      expect((await call(owner.token, 'POST', '/v1/groups', { name })).status).toBe(400);
    }
  });
});
