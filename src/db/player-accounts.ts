import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import type { PlayerRow } from './players.js';
import { playerAccounts, players, playSessions, submissions } from './schema.js';

/** What makes or attaches an account: who asked (`createdBy`), when, and the token id the player gets. */
export interface AccountRequest {
  externalId: string;
  createdBy: string;
  at: string;
  tokenId: string;
}

/** The account's player now, and whether this call made it. */
export interface AccountPlayer {
  player: PlayerRow;
  created: boolean;
}

/** The player of an external id, as a subquery of the raw statements below. */
const ACCOUNT_OF = '(select player_id from player_accounts where external_id = ?)';

/**
 * The player of an external id, made with `newPlayerId` when there is none yet, and a new token of it, in
 * one batch: D1 runs a batch as one transaction, so of concurrent calls for the same id one makes the player
 * and the others find it (the player is inserted only where no account has the id, and the account row is
 * insert-or-ignore).
 */
export async function accountPlayer(
  db: Db,
  request: AccountRequest & { newPlayerId: string; displayName: string | null },
): Promise<AccountPlayer> {
  const { externalId, createdBy, at, tokenId, newPlayerId, displayName } = request;
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare(`insert into players (id, display_name, created_at) select ?, ?, ?
        where not exists (select 1 from player_accounts where external_id = ?)`)
      .bind(newPlayerId, displayName, at, externalId),
    d1
      .prepare(`insert or ignore into player_accounts (player_id, external_id, created_by, created_at)
        select ?, ?, ?, ? where exists (select 1 from players where id = ?)`)
      .bind(newPlayerId, externalId, createdBy, at, newPlayerId),
    d1
      .prepare(`insert into player_tokens (player_id, id, created_at, via)
        select ${ACCOUNT_OF}, ?, ?, 'account' where ${ACCOUNT_OF} is not null`)
      .bind(externalId, tokenId, at, externalId),
  ]);
  const row = await db
    .select({ player: players })
    .from(playerAccounts)
    .innerJoin(players, eq(players.id, playerAccounts.playerId))
    .where(eq(playerAccounts.externalId, externalId))
    .get();
  if (!row) throw new Error('the account has no player after its batch');
  return { player: row.player, created: row.player.id === newPlayerId };
}

/** The player of an external id, if it has one. */
export async function playerIdOfAccount(db: Db, externalId: string): Promise<string | undefined> {
  const row = await db
    .select({ playerId: playerAccounts.playerId })
    .from(playerAccounts)
    .where(eq(playerAccounts.externalId, externalId))
    .get();
  return row?.playerId;
}

/**
 * Makes an anonymous player the account's player, atomically: the account row (insert-or-ignore, so a
 * player that has an account, or an id that has a player, stays as it is), and only when that row is now
 * this player's, its old tokens revoked and a new one issued. False when the account went to another player
 * or the player already had one.
 */
export async function attachAccount(db: Db, playerId: string, request: AccountRequest): Promise<boolean> {
  const { externalId, createdBy, at, tokenId } = request;
  const attached =
    'exists (select 1 from player_accounts where player_id = ? and external_id = ? and created_at = ?)';
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare(`insert or ignore into player_accounts (player_id, external_id, created_by, created_at)
        values (?, ?, ?, ?)`)
      .bind(playerId, externalId, createdBy, at),
    d1
      .prepare(
        `update player_tokens set revoked_at = ? where player_id = ? and revoked_at is null and ${attached}`,
      )
      .bind(at, playerId, playerId, externalId, at),
    d1
      .prepare(
        `insert into player_tokens (player_id, id, created_at, via) select ?, ?, ?, 'account' where ${attached}`,
      )
      .bind(playerId, tokenId, at, playerId, externalId, at),
  ]);
  const row = await db
    .select({ playerId: playerAccounts.playerId })
    .from(playerAccounts)
    .where(and(eq(playerAccounts.playerId, playerId), eq(playerAccounts.externalId, externalId)))
    .get();
  return row !== undefined;
}

/** Whether the player has played: a session started or a solve submitted. */
export async function hasHistory(db: Db, playerId: string): Promise<boolean> {
  const [sessions, solves] = await db.batch([
    db.select({ one: sql`1` }).from(playSessions).where(eq(playSessions.playerId, playerId)).limit(1),
    db.select({ one: sql`1` }).from(submissions).where(eq(submissions.playerId, playerId)).limit(1),
  ]);
  return sessions.length > 0 || solves.length > 0;
}
