import { sign } from '../auth/hmac.js';

/** Enough of the HMAC to keep distinct networks distinct (72 bits) while saying nothing of the address. */
const TAG_LENGTH = 12;

/**
 * What a session keeps of where it started: a keyed hash of its network (the /24 or /48 the rate limits
 * count, src/http/address-key.ts), never the address. Moderators count a player's distinct tags; nobody can
 * turn one back into a network without the deployment's salt, which is also why the salt, not the token
 * secret, keys it: the token secret rotates, and a rotation would make one network count as two.
 */
export async function networkTag(salt: string, network: string): Promise<string> {
  return (await sign(salt, 'network', network)).slice(0, TAG_LENGTH);
}
