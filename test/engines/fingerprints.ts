/**
 * Pinned output of every engine: a short SHA-256 of JSON.stringify(generate('contract', level).puzzle)
 * per `kind@version` and level. Generation is a pure function of (seed, level, version), so a different
 * hash under the same version means puzzles changed without a version bump. Changing an engine's output
 * on purpose: bump its version and pin the new hashes under the new key (the contract test prints them).
 */
export const FINGERPRINT_SEED = 'contract';

export const FINGERPRINTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'sudoku@1': {
    easy: 'a10fd82eacc3bb6b',
    medium: '961287e1cbd366bf',
    hard: '7c3957fccfc59ad0',
    expert: '73ec855808f7bf6a',
  },
  'sudoku@2': {
    easy: 'a10fd82eacc3bb6b',
    medium: '961287e1cbd366bf',
    hard: '7c3957fccfc59ad0',
    expert: 'ffed2bcac5a921c5',
  },
  'pattern@1': {
    easy: 'eec53398cb7b9f81',
    medium: '09a6336c4b484885',
    hard: '6ee31eab45afc317',
    expert: 'ee9cea9a61023dff',
  },
  'pattern@2': {
    easy: 'eec53398cb7b9f81',
    medium: '3acec85a39c0ebf0',
    hard: '613845abc9f101d9',
    expert: 'ee9cea9a61023dff',
  },
  'loop@1': {
    easy: 'c854b442eefccf23',
    medium: 'c36d3b3a52c82829',
    hard: '12fc853e056bd9db',
    expert: '5acb3ff85e00f9d9',
  },
  'loop@2': {
    easy: 'c854b442eefccf23',
    medium: 'c36d3b3a52c82829',
    hard: '12fc853e056bd9db',
    expert: '2ca5027158175981',
  },
  'signal@1': {
    easy: '76e902d794f40b97',
    medium: 'f1777393035301a0',
    hard: '4028c2589f8ca0fc',
    expert: '833944e421ae618b',
  },
  'signal@2': {
    easy: '8da18dc01c1d3f96',
    medium: '766fb6e9d67d9d22',
    hard: '869f1404d3e8095c',
    expert: 'a1a1578f7220dc1e',
  },
  'colorsort@1': {
    easy: '622b23a29be0a7ac',
    medium: '976a4aaf1a7f7b71',
    hard: '10e2f537cd15cf89',
    superhard: '548912115a90ffe1',
  },
};

/** The first 16 hex digits of the SHA-256 of the puzzle's JSON (WebCrypto: the same in workerd and Node). */
export async function fingerprint(puzzle: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(puzzle));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}
