import { sign, verify } from './hmac.js';

declare const playerIdBrand: unique symbol;
/** A player's id: a random UUID. */
export type PlayerId = string & { readonly [playerIdBrand]: true };

const PURPOSE = 'player';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function newPlayerId(): PlayerId {
  return crypto.randomUUID() as PlayerId;
}

/** `<id>.<HMAC(id)>`: the server recomputes it on every request, so no token is ever stored. */
export async function playerToken(secret: string, id: PlayerId): Promise<string> {
  return `${id}.${await sign(secret, PURPOSE, id)}`;
}

/** The player a bearer token names, or null when it is malformed or its signature is not ours. */
export async function verifyPlayerToken(secret: string, token: string): Promise<PlayerId | null> {
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const id = token.slice(0, dot);
  if (!UUID.test(id)) return null;
  return (await verify(secret, PURPOSE, id, token.slice(dot + 1))) ? (id as PlayerId) : null;
}
