import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FollowsPageSchema } from '../../src/contract/follows.js';
import { GroupDetailSchema, NewGroupSchema } from '../../src/contract/groups.js';
import { DailyBoardSchema, PuzzleBoardSchema, RatingBoardSchema } from '../../src/contract/leaderboards.js';
import { appAt } from '../support/app.js';
import { seedEstablishedPlayers } from '../support/established.js';
import { bodyOf, errorOf } from '../support/json.js';
import { allPages } from '../support/pages.js';
import { bearer, later, type NewPlayer, register, solveAs, someAddress, vouch } from '../support/play.js';

/**
 * Issue 22 E: one visibility rule everywhere. Three subjects (public, followers, hidden) solve the date's
 * puzzles and hold established ratings; eight viewers look at them through every route that lists or names
 * players. A subject is shown exactly when the viewer is itself, or it is public, or it is `followers` and
 * the viewer follows it and is followed back; and then only where the viewer's scope holds it.
 */

const date = '2026-11-29';
const at = '2026-11-29T16:00:00Z';
const api = appAt(at);

type Visibility = 'public' | 'followers' | 'hidden';
/** `oneWay` follows the subject, which does not follow it back; `followedBy` is followed by it, and does not follow it. */
type Relation = 'self' | 'mutual' | 'oneWay' | 'followedBy' | 'stranger' | 'owner' | 'fellow' | 'anonymous';
const RELATIONS: readonly Relation[] = [
  'self',
  'mutual',
  'oneWay',
  'followedBy',
  'stranger',
  'owner',
  'fellow',
  'anonymous',
];
const VISIBILITIES: readonly Visibility[] = ['public', 'followers', 'hidden'];
const NAMES: Record<Visibility, string> = { public: 'Pia', followers: 'Fay', hidden: 'Hal' };
type Scope = 'global' | 'following' | 'group';

const call = (token: string | null, method: string, path: string, body?: unknown) =>
  api(path, {
    method,
    headers: {
      ...(token ? bearer(token) : {}),
      ...someAddress(),
      'content-type': 'application/json',
      'cache-control': 'no-cache',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const read = async <S extends z.ZodType>(
  token: string | null,
  path: string,
  schema: S,
): Promise<z.output<S>> => {
  const res = await call(token, 'GET', path);
  expect(res.status, path).toBe(200);
  return bodyOf(res, schema);
};
/** Any of the boards, parsed by its contract schema and read as the test's BoardJson. */
const AnyBoardSchema = z.union([PuzzleBoardSchema, DailyBoardSchema, RatingBoardSchema]);
const readBoard = (token: string | null, path: string): Promise<BoardJson> =>
  read(token, path, AnyBoardSchema);

const subjects = {} as Record<Visibility, NewPlayer>;
const viewers = {} as Record<Exclude<Relation, 'self' | 'anonymous'>, NewPlayer>;
let groupId = '';

/** The viewer's token for a relation to the subject (null: anonymous). */
function tokenOf(relation: Relation, subject: Visibility): string | null {
  if (relation === 'anonymous') return null;
  return relation === 'self' ? subjects[subject].token : viewers[relation].token;
}

/** The rule, written out: what every route below is held to. */
function visible(subject: Visibility, relation: Relation): boolean {
  if (relation === 'self' || subject === 'public') return true;
  return subject === 'followers' && relation === 'mutual';
}

/** Whether the viewer's scope holds the subject at all (following: it follows it; group: both members). */
function holds(scope: Scope, relation: Relation): boolean {
  if (scope === 'global') return true;
  if (scope === 'following') return ['self', 'mutual', 'oneWay'].includes(relation);
  return ['self', 'owner', 'fellow'].includes(relation);
}

const scopeQuery = (scope: Scope) =>
  scope === 'global' ? 'global' : scope === 'following' ? 'following' : `group:${groupId}`;

const BOARDS = {
  puzzle: `/v1/leaderboards/${date}/signal/easy`,
  daily: `/v1/leaderboards/${date}/daily`,
  rating: '/v1/leaderboards/ratings/signal',
} as const;

interface BoardJson {
  entries: { rank?: number; playerId: string; displayName: string | null }[];
  solvers?: number;
  players?: number;
}

beforeAll(async () => {
  // Established in signal (for the rating board) by a seeded history before the date.
  const seeded = await seedEstablishedPlayers(3, 'signal', date);
  await vouch(...seeded);
  for (const [i, visibility] of VISIBILITIES.entries()) {
    const subject = seeded[i] as NewPlayer;
    subjects[visibility] = subject;
    expect(
      (await call(subject.token, 'PATCH', '/v1/players/me', { displayName: NAMES[visibility] })).status,
    ).toBe(200);
    for (const level of ['easy', 'medium'] as const) {
      const fetchAt = later('2026-11-29T09:00:00Z', i * 600 + (level === 'medium' ? 7200 : 0));
      const solved = await solveAs(subject.token, {
        date,
        kind: 'signal',
        level,
        fetchAt,
        submitAt: later(fetchAt, 90 + 30 * i),
      });
      expect(solved.status).toBe(200);
    }
  }
  const names = {
    mutual: 'Max',
    oneWay: 'Ole',
    followedBy: 'Bea',
    stranger: 'Sam',
    owner: 'Gus',
    fellow: 'Fen',
  } as const;
  for (const [relation, name] of Object.entries(names) as [keyof typeof names, string][])
    viewers[relation] = await register('2026-11-29T08:00:00Z', name);
  // Follows and memberships are made while every subject is public: a hidden player cannot be followed.
  for (const subject of Object.values(subjects)) {
    for (const follower of [viewers.mutual, viewers.oneWay])
      expect((await call(follower.token, 'PUT', `/v1/players/me/follows/${subject.player.id}`)).status).toBe(
        200,
      );
    for (const followee of [viewers.mutual, viewers.followedBy])
      expect((await call(subject.token, 'PUT', `/v1/players/me/follows/${followee.player.id}`)).status).toBe(
        200,
      );
  }
  const made = await call(viewers.owner.token, 'POST', '/v1/groups', { name: 'Club' });
  const group = await bodyOf(made, NewGroupSchema);
  groupId = group.group.id;
  for (const member of [viewers.fellow, ...Object.values(subjects)])
    expect(
      (await call(member.token, 'POST', '/v1/groups/join', { inviteCode: group.inviteCode })).status,
    ).toBe(200);
  for (const visibility of VISIBILITIES)
    expect(
      (await call(subjects[visibility].token, 'PATCH', '/v1/players/me', { boardVisibility: visibility }))
        .status,
    ).toBe(200);
});

describe('every board, every scope, every viewer', () => {
  for (const [board, path] of Object.entries(BOARDS)) {
    for (const scope of ['global', 'following', 'group'] as const) {
      for (const relation of RELATIONS) {
        if (relation === 'anonymous' && scope !== 'global') continue;
        it(`shows each subject on the ${board} board, scope ${scope}, to a viewer that is ${relation}, exactly as the rule says`, async () => {
          for (const subject of VISIBILITIES) {
            const token = tokenOf(relation, subject);
            const res = await call(token, 'GET', `${path}?scope=${scopeQuery(scope)}&limit=100`);
            // A group's board is its members' only: to anyone else, as for no group.
            if (scope === 'group' && !holds(scope, relation)) {
              expect(res.status).toBe(404);
              continue;
            }
            expect(res.status).toBe(200);
            const text = await res.text();
            const body: BoardJson = AnyBoardSchema.parse(JSON.parse(text));
            const { id } = subjects[subject].player;
            const expected = holds(scope, relation) && visible(subject, relation);
            expect(
              body.entries.some((e) => e.playerId === id && e.displayName === NAMES[subject]),
              `${subject} listed`,
            ).toBe(expected);
            // Nothing of a subject not shown: not its id, not its name, anywhere in the answer.
            if (!expected) {
              expect(text).not.toContain(id);
              expect(text).not.toContain(`"${NAMES[subject]}"`);
            }
            // A scope holds only players the viewer may see: its counts are its rows.
            if (scope !== 'global' && board !== 'rating')
              expect(body.solvers ?? body.players).toBe(body.entries.length);
          }
        });
      }
    }
  }

  it("keeps the crowd's ranks on everyone's puzzle and daily boards, skipping the places of rows left out", async () => {
    for (const path of [BOARDS.puzzle, BOARDS.daily]) {
      const stranger = await readBoard(viewers.stranger.token, path);
      expect(stranger.entries.map((e) => [e.rank, e.displayName])).toEqual([[1, 'Pia']]);
      expect(stranger.solvers ?? stranger.players).toBe(3);
      const mutual = await readBoard(viewers.mutual.token, path);
      expect(mutual.entries.map((e) => [e.rank, e.displayName])).toEqual([
        [1, 'Pia'],
        [2, 'Fay'],
      ]);
      const hidden = await readBoard(subjects.hidden.token, path);
      expect(hidden.entries.map((e) => [e.rank, e.displayName])).toEqual([
        [1, 'Pia'],
        [3, 'Hal'],
      ]);
    }
  });

  it("pages everyone's puzzle board by shown rows: a page of one row at a time lists each shown player once", async () => {
    const pageSizes: number[] = [];
    const entries = await allPages(async (cursor) => {
      const page = await read(
        subjects.hidden.token,
        `${BOARDS.puzzle}?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        PuzzleBoardSchema,
      );
      pageSizes.push(page.entries.length);
      return page;
    });
    expect(new Set(pageSizes)).toEqual(new Set([1]));
    expect(entries.map((e) => [e.rank, e.displayName])).toEqual([
      [1, 'Pia'],
      [3, 'Hal'],
    ]);
  });
});

/** A 404 with the id taken out of its message: what an unknown id and a player one may not see share. */
async function notFoundShape(res: Response, id: string) {
  const body = await errorOf(res);
  return { status: res.status, code: body.error.code, message: body.error.message.replace(id, '<id>') };
}

describe('every other route that names players', () => {
  for (const relation of RELATIONS) {
    it(`answers each subject's profile to a viewer that is ${relation} only as the rule says, else as for nobody`, async () => {
      for (const subject of VISIBILITIES) {
        const token = tokenOf(relation, subject);
        const unknown = crypto.randomUUID();
        const nobody = await notFoundShape(await call(token, 'GET', `/v1/players/${unknown}`), unknown);
        const { id } = subjects[subject].player;
        const res = await call(token, 'GET', `/v1/players/${id}`);
        if (visible(subject, relation)) {
          expect(res.status, subject).toBe(200);
          expect(await res.json()).toMatchObject({ displayName: NAMES[subject] });
        } else {
          expect(await notFoundShape(res, id), subject).toEqual(nobody);
        }
      }
    });
  }

  for (const relation of ['self', 'owner', 'fellow'] as const) {
    it(`lists a group's members to a member that is ${relation} as the rule says, the owner getting "hidden player" rows`, async () => {
      for (const subject of VISIBILITIES) {
        const res = await call(tokenOf(relation, subject), 'GET', `/v1/groups/${groupId}`);
        const text = await res.text();
        const group = JSON.parse(text) as {
          members: number;
          memberList: { playerId: string | null; displayName: string | null; hidden: boolean }[];
        };
        const { id } = subjects[subject].player;
        const shown = visible(subject, relation);
        expect(group.memberList.some((m) => m.playerId === id && m.displayName === NAMES[subject])).toBe(
          shown,
        );
        if (!shown) expect(text).not.toContain(id);
        expect(group.members).toBe(5);
        const placeholders = group.memberList.filter((m) => m.hidden);
        expect(placeholders.every((m) => m.playerId === null && m.displayName === null)).toBe(true);
        // The owner sees every seat, those it may not see as "hidden player"; nobody else sees such a seat.
        if (relation === 'owner') {
          expect(group.memberList).toHaveLength(5);
          expect(placeholders).toHaveLength(2);
        } else {
          expect(placeholders).toHaveLength(0);
        }
      }
    });
  }

  for (const relation of ['mutual', 'oneWay'] as const) {
    it(`lists in a ${relation} follower's follows only the subjects it may see`, async () => {
      const body = await read(viewers[relation].token, '/v1/players/me/follows', FollowsPageSchema);
      const listed = body.follows.map((f) => f.displayName).sort();
      const expected = VISIBILITIES.filter((s) => visible(s, relation)).map((s) => NAMES[s]);
      expect(listed).toEqual(expected.sort());
    });
  }

  for (const relation of ['mutual', 'oneWay', 'followedBy', 'stranger', 'owner', 'fellow'] as const) {
    it(`exports a viewer that is ${relation} without the id of any subject it may not see`, async () => {
      const res = await call(viewers[relation].token, 'GET', '/v1/players/me/export');
      expect(res.status).toBe(200);
      const text = await res.text();
      for (const subject of VISIBILITIES) {
        const { id } = subjects[subject].player;
        // Only follows (both ways) name other players in an export; the group owner's and members' name none.
        const related = relation === 'mutual' || relation === 'oneWay' || relation === 'followedBy';
        expect(text.includes(id), subject).toBe(related && visible(subject, relation));
      }
    });
  }
});

describe('the attack of issue 22: a hidden player read through follows', () => {
  let victim: NewPlayer;
  let attacker: NewPlayer;
  const victimFetch = '2026-11-29T11:00:00Z';
  const victimSubmit = later(victimFetch, 173);

  beforeAll(async () => {
    victim = await register('2026-11-29T08:00:00Z', 'Vic');
    attacker = await register('2026-11-29T08:00:00Z', 'Ada');
    const solved = await solveAs(victim.token, {
      date,
      kind: 'signal',
      level: 'easy',
      fetchAt: victimFetch,
      submitAt: victimSubmit,
    });
    expect(solved.status).toBe(200);
    const own = await solveAs(attacker.token, {
      date,
      kind: 'signal',
      level: 'easy',
      fetchAt: '2026-11-29T11:30:00Z',
      submitAt: later('2026-11-29T11:30:00Z', 211),
    });
    expect(own.status).toBe(200);
  });

  it('refuses to follow a hidden player with the very 404 of an unknown id', async () => {
    const lurker = await register('2026-11-29T08:00:00Z');
    const hiding = await register('2026-11-29T08:00:00Z', 'Shy');
    expect((await call(hiding.token, 'PATCH', '/v1/players/me', { boardVisibility: 'hidden' })).status).toBe(
      200,
    );
    const unknown = crypto.randomUUID();
    const nobody = await notFoundShape(
      await call(lurker.token, 'PUT', `/v1/players/me/follows/${unknown}`),
      unknown,
    );
    const refused = await call(lurker.token, 'PUT', `/v1/players/me/follows/${hiding.player.id}`);
    expect(await notFoundShape(refused, hiding.player.id)).toEqual(nobody);
    expect(nobody).toEqual({ status: 404, code: 'not_found', message: 'There is no player <id>' });
    const follows = await read(lurker.token, '/v1/players/me/follows', FollowsPageSchema);
    expect(follows.follows).toHaveLength(0);
  });

  it('lets anyone follow a followers-only player: a mutual follow starts with one side', async () => {
    const stranger = await register('2026-11-29T08:00:00Z');
    const choosy = await register('2026-11-29T08:00:00Z', 'Kit');
    await call(choosy.token, 'PATCH', '/v1/players/me', { boardVisibility: 'followers' });
    expect((await call(stranger.token, 'PUT', `/v1/players/me/follows/${choosy.player.id}`)).status).toBe(
      200,
    );
  });

  it('shows nothing of a followed player that turns hidden in a following scope of two, on the puzzle and daily boards', async () => {
    expect((await call(attacker.token, 'PUT', `/v1/players/me/follows/${victim.player.id}`)).status).toBe(
      200,
    );
    const before = await readBoard(attacker.token, `${BOARDS.puzzle}?scope=following`);
    expect(before.entries.map((e) => e.displayName)).toEqual(['Vic', 'Ada']);
    const victimRow = (
      await read(attacker.token, `${BOARDS.puzzle}?scope=following`, PuzzleBoardSchema)
    ).entries.find((e) => e.playerId === victim.player.id);
    expect(victimRow?.submittedAt).toBe(victimSubmit);

    expect((await call(victim.token, 'PATCH', '/v1/players/me', { boardVisibility: 'hidden' })).status).toBe(
      200,
    );
    for (const path of [`${BOARDS.puzzle}?scope=following`, `${BOARDS.daily}?scope=following`]) {
      const res = await call(attacker.token, 'GET', path);
      const text = await res.text();
      const body = JSON.parse(text) as BoardJson & { me: { rank: number } | null };
      expect(body.entries.map((e) => [e.rank, e.displayName])).toEqual([[1, 'Ada']]);
      expect(body.solvers ?? body.players).toBe(1);
      expect(body.me?.rank).toBe(1);
      expect(text).not.toContain(victim.player.id);
      expect(text).not.toContain(victimSubmit);
      expect(text).not.toContain(`:${String(victimRow?.countedMs)}`);
    }
  });

  it("keeps the follow of a player that turned hidden out of the follower's list, and DELETE still ends it", async () => {
    const listed = await read(attacker.token, '/v1/players/me/follows', FollowsPageSchema);
    expect(listed.follows.map((f) => f.playerId)).not.toContain(victim.player.id);
    expect((await call(attacker.token, 'DELETE', `/v1/players/me/follows/${victim.player.id}`)).status).toBe(
      204,
    );
  });
});

describe('a group whose owner is hidden', () => {
  it("names its owner to no member: ownerId is null in the group, the caller's groups and the join's answer", async () => {
    const owner = await register('2026-11-29T08:00:00Z', 'Oz');
    const member = await register('2026-11-29T08:00:00Z', 'Mo');
    const made = await bodyOf(await call(owner.token, 'POST', '/v1/groups', { name: 'Den' }), NewGroupSchema);
    expect(made.group.ownerId).toBe(owner.player.id);
    await call(owner.token, 'PATCH', '/v1/players/me', { boardVisibility: 'hidden' });
    const joined = await call(member.token, 'POST', '/v1/groups/join', { inviteCode: made.inviteCode });
    const texts = [
      await joined.text(),
      await (await call(member.token, 'GET', `/v1/groups/${made.group.id}`)).text(),
      await (await call(member.token, 'GET', '/v1/players/me/groups')).text(),
    ];
    for (const text of texts) {
      expect(text).not.toContain(owner.player.id);
      expect(text).toContain('"ownerId":null');
    }
    const own = await read(owner.token, `/v1/groups/${made.group.id}`, GroupDetailSchema);
    expect(own.ownerId).toBe(owner.player.id);
  });
});
