import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { type OwnSolveScope, ownSolveScopeOf } from '../../src/routes/own-solves.js';
import { appAt } from '../support/app.js';
import { documentOf, type Operation } from '../support/openapi.js';

/**
 * Read your own solve first is a rule a route declares (`readsOwnSolves`, src/routes/own-solves.ts), not a
 * call a handler remembers. This walks the OpenAPI document and the app's route table: every operation a
 * player token reaches either declares which of the caller's solves it reads, or is listed below with why
 * it reads none, so a new route of a player has to say which it is. test/live/own-solve-read.test.ts shows
 * each declared read seeing a solve still on its board.
 */
const OWN_SOLVE_READS: Record<string, OwnSolveScope> = {
  getPuzzleLeaderboard: 'puzzle',
  getPuzzleStats: 'puzzle',
  votePuzzle: 'puzzle',
  getDailyLeaderboard: 'date',
  createShare: 'body',
  getMe: 'live',
  updateMe: 'live',
  getHistory: 'live',
  getMyStats: 'live',
};

/** Operations a player token reaches that read none of the caller's solves of live puzzles, and why. */
const READS_NO_OWN_SOLVES: Record<string, string> = {
  getPuzzle: 'starts or reads the session, not a solve',
  submitSolution: 'makes the solve: its board (or D1 on the direct path) answers with it',
  revealPosition: 'reads the session and what it was shown',
  hint: 'reads the session and a position the request carries',
  getRatingLeaderboard:
    "the caller's rating row, moved when a board copies its solves; never settled first (unchanged here)",
  reportPuzzle: 'needs a session of the puzzle, not a solve',
  listShares: 'shares made earlier: their figures were fixed when made',
  revokeShare: 'deletes a share',
  deleteMe: "goes through the live puzzles' boards itself (src/play/data-rights.ts)",
  exportMe: 'what D1 stores about the player; never settled first (unchanged here)',
  getPlayer: "another player's public profile: that player's solves, which publicProfile settles itself",
  signIn:
    "its bearer is the anonymous player to merge; the account's player is known only once the id token is checked, and src/play/account-player.ts settles its solves itself",
  createLinkCode: 'a code for another device',
  listTokens: "the player's tokens",
  createReadToken: 'makes a token',
  revokeToken: 'revokes a token',
  subscribePush: 'a push subscription',
  unsubscribePush: 'a push subscription',
  followPlayer: 'the social graph',
  unfollowPlayer: 'the social graph',
  listFollows: 'the social graph',
  createGroup: 'the social graph',
  joinGroup: 'the social graph',
  listMyGroups: 'the social graph',
  getGroup: 'the social graph: members, no solves',
  deleteGroup: 'the social graph',
  leaveGroup: 'the social graph',
  removeGroupMember: 'the social graph',
  rotateInviteCode: 'the social graph',
};

interface Documented {
  operationId: string;
  method: string;
  path: string;
  /** Whether a player token is one of the ways in. */
  player: boolean;
  operation: Operation;
}

async function documented(): Promise<Documented[]> {
  const res = await appAt('2026-11-29T12:00:00Z')('/openapi.json');
  const document = await documentOf(res);
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      player: (operation.security ?? []).some((requirement) => 'player' in requirement),
      operation,
    })),
  );
}

/** What the app's route table declares, by `METHOD /path/{param}` as the document writes it. */
function declaredScopes(): Map<string, OwnSolveScope> {
  const declared = new Map<string, OwnSolveScope>();
  for (const route of createApp().routes) {
    const scope = ownSolveScopeOf(route.handler);
    if (scope) declared.set(`${route.method} ${route.path.replace(/:([^/]+)/g, '{$1}')}`, scope);
  }
  return declared;
}

describe('read your own solve first, as a route declares it', () => {
  it('every operation a player token reaches declares its own-solve read or says why it has none', async () => {
    const undeclared = (await documented())
      .filter((op) => op.player)
      .filter((op) => !(op.operationId in OWN_SOLVE_READS) && !(op.operationId in READS_NO_OWN_SOLVES))
      .map((op) => op.operationId);
    expect(undeclared).toEqual([]);
  });

  it('the routes declare exactly the reads listed, in the scopes listed', async () => {
    const declared = declaredScopes();
    const byOperation = Object.fromEntries(
      (await documented()).flatMap((op) => {
        const scope = declared.get(`${op.method} ${op.path}`);
        return scope ? [[op.operationId, scope]] : [];
      }),
    );
    expect(byOperation).toEqual(OWN_SOLVE_READS);
    expect(declared.size).toBe(Object.keys(OWN_SOLVE_READS).length);
  });

  it('the reasons are for operations that exist, reach a player and declare nothing', async () => {
    const ops = new Map((await documented()).map((op) => [op.operationId, op]));
    for (const id of Object.keys(READS_NO_OWN_SOLVES)) {
      expect(ops.get(id)?.player, id).toBe(true);
      expect(OWN_SOLVE_READS[id], id).toBeUndefined();
    }
  });

  it('a declared read has a player to read for and the request part its scope reads', async () => {
    for (const op of await documented()) {
      const scope = OWN_SOLVE_READS[op.operationId];
      if (!scope) continue;
      expect(op.player, op.operationId).toBe(true);
      if (scope === 'puzzle') expect(op.path, op.operationId).toMatch(/\{date\}\/\{kind\}\/\{level\}/);
      if (scope === 'date') expect(op.path, op.operationId).toContain('{date}');
      if (scope === 'body') {
        const schema = op.operation.requestBody?.content['application/json']?.schema;
        expect(schema?.$ref, op.operationId).toBe('#/components/schemas/ShareRequest');
      }
    }
  });
});
