import type { Kind, Level } from '../engines/types.js';
import type { IsoDate } from './calendar.js';

const encoder = new TextEncoder();

/**
 * The engine seed of one daily puzzle: HMAC-SHA256 of its id under the deployment's secret salt, so the
 * puzzles of a date cannot be computed by anyone who lacks the salt. 32 hex characters fit the engines'
 * 80-character seed limit.
 */
export async function dailySeed(salt: string, date: IsoDate, kind: Kind, level: Level): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(salt),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${date}:${kind}:${level}`));
  return [...new Uint8Array(mac).slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
