import { newPlayerId, newTokenId, playerToken } from '../auth/player-token.js';
import type { PlayerProfile } from '../contract/player.js';
import { insertPlayer } from '../db/players.js';
import type { Services } from '../services.js';
import { playerProfile } from './profile.js';

/** A new anonymous player and its first token (the register device): nothing secret is stored, the token is an HMAC. */
export async function registerPlayer(
  services: Services,
  request: { displayName: string | null },
): Promise<{ player: PlayerProfile; token: string }> {
  const id = newPlayerId();
  const tokenId = newTokenId();
  const row = await insertPlayer(
    services.db,
    { id, displayName: request.displayName, createdAt: services.now().toISOString() },
    tokenId,
  );
  const token = await playerToken(services.config.tokenSecret, id, tokenId);
  return { player: await playerProfile(services, row), token };
}
