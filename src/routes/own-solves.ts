import type { MiddlewareHandler } from 'hono';
import { ShareRequestSchema } from '../contract/shares.js';
import type { IsoDate } from '../daily/calendar.js';
import { puzzleId } from '../daily/puzzle-id.js';
import type { AppEnv } from '../http/context.js';
import type { Player, PlayerVariables } from '../http/player-auth.js';
import { settleOwnLiveSolves, settleOwnSolvesOf } from '../play/own-solve-read.js';
import type { Services } from '../services.js';
import type { Access } from './access.js';
import { DateParam, PuzzleParams } from './schemas.js';

/**
 * Read your own solve first, declared by a route the way it declares its access level: a route that reads
 * or uses the caller's own solves of live puzzles spreads `readsOwnSolves(ACCESS, scope)` into its
 * `createRoute`, and its middleware has every such solve that still waits on its board copied to D1 before
 * the handler reads (src/play/own-solve-read.ts says why and when that costs nothing). The scope says which
 * of the caller's solves the route reads:
 * - `puzzle`: the puzzle of the path (`{date}/{kind}/{level}`);
 * - `date`: the puzzles of the path's `{date}` the caller has started;
 * - `body`: the puzzle a JSON body names (`date`, and `kind` with `level`), or every puzzle of its date;
 * - `live`: every live puzzle the caller has started (profile, history, stats).
 * Only the caller's own solves, and only with a player: an anonymous read goes straight to D1. A test
 * (test/routes/own-solves.test.ts) walks the routes: every one a player may call declares a scope or says
 * why it reads none of its solves.
 */
export type OwnSolveScope = 'puzzle' | 'date' | 'body' | 'live';

type Settle = (services: Services, playerId: string, c: SettleContext) => Promise<void>;
type SettleContext = Parameters<OwnSolvesMiddleware>[0];
type OwnSolvesMiddleware = MiddlewareHandler<{
  Bindings: AppEnv['Bindings'];
  Variables: AppEnv['Variables'] & PlayerVariables<Player | null>;
}>;

/**
 * Runs before the route's validators, so a malformed request settles nothing and is refused by them right
 * after; a date that is not live, or a puzzle with no board, costs no call to a board.
 */
const SETTLE: Record<OwnSolveScope, Settle> = {
  puzzle: async (services, playerId, c) => {
    const params = PuzzleParams.safeParse(c.req.param());
    if (!params.success) return;
    const key = { ...params.data, date: params.data.date as IsoDate };
    await settleOwnSolvesOf(services, key.date, playerId, puzzleId(key));
  },
  date: async (services, playerId, c) => {
    const date = DateParam.safeParse(c.req.param('date'));
    if (date.success) await settleOwnSolvesOf(services, date.data, playerId);
  },
  body: async (services, playerId, c) => {
    const body = ShareRequestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return;
    const { date, kind, level } = body.data;
    const only = kind && level ? puzzleId({ date: date as IsoDate, kind, level }) : undefined;
    await settleOwnSolvesOf(services, date, playerId, only);
  },
  live: (services, playerId) => settleOwnLiveSolves(services, playerId),
};

/** Which scope a route's middleware settles, by the middleware: what the route table test reads. */
const declared = new WeakMap<MiddlewareHandler, OwnSolveScope>();

function settling(scope: OwnSolveScope): OwnSolvesMiddleware {
  const middleware: OwnSolvesMiddleware = async (c, next) => {
    const player = c.var.player;
    if (player) await SETTLE[scope](c.var.services, player.id, c);
    await next();
  };
  declared.set(middleware as MiddlewareHandler, scope);
  return middleware;
}

/** `access`, and the caller's own solves of `scope` in D1 before the handler runs. */
export function readsOwnSolves<M extends MiddlewareHandler[]>(
  access: Access<M>,
  scope: OwnSolveScope,
): Access<[...M, OwnSolvesMiddleware]> {
  return { security: access.security, middleware: [...access.middleware, settling(scope)] };
}

/** The scope a middleware of a route settles, if it is one `readsOwnSolves` made. */
export function ownSolveScopeOf(middleware: unknown): OwnSolveScope | undefined {
  return typeof middleware === 'function' ? declared.get(middleware as MiddlewareHandler) : undefined;
}
