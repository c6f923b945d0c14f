/**
 * The rules that keep a display name readable as what it looks like: no invisible or filler characters, and
 * one writing system (Unicode TR39's "highly restrictive" level), so that `Аda` with a Cyrillic А cannot pass
 * for `Ada`. Pure and dependency-free: the contract and the browser client share it.
 */

/**
 * Characters that show as nothing: the default-ignorable code points (joiners, variation selectors, the
 * Hangul fillers U+115F U+1160 U+3164 U+FFA0 …) and the blank braille pattern U+2800, which is not one.
 */
export const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** Whether `name` shows a letter or a digit once its invisible characters are taken out. */
export function hasVisibleLetterOrDigit(name: string): boolean {
  return /[\p{L}\p{N}]/u.test(name.replace(INVISIBLE, ''));
}

/**
 * The scripts of Unicode (to version 17) by their ISO 15924 codes (Zyyy Common, Zinh Inherited last). A
 * code the runtime's regular expressions do not know (an older Unicode) is skipped; a test checks that every
 * letter and digit the runtime knows has a script here.
 */
// biome-ignore format: a table of codes, kept compact
const SCRIPT_CODES = [
  'Adlm', 'Aghb', 'Ahom', 'Arab', 'Armi', 'Armn', 'Avst', 'Bali', 'Bamu', 'Bass', 'Batk', 'Beng', 'Berf',
  'Bhks', 'Bopo', 'Brah', 'Brai', 'Bugi', 'Buhd', 'Cakm', 'Cans', 'Cari', 'Cham', 'Cher', 'Chis', 'Chrs',
  'Copt', 'Cpmn', 'Cprt', 'Cyrl', 'Deva', 'Diak', 'Dogr', 'Dsrt', 'Dupl', 'Egyp', 'Elba', 'Elym', 'Ethi',
  'Gara', 'Geor', 'Glag', 'Gong', 'Gonm', 'Goth', 'Gran', 'Grek', 'Gujr', 'Gukh', 'Guru', 'Hang', 'Hani',
  'Hano', 'Hatr', 'Hebr', 'Hira', 'Hluw', 'Hmng', 'Hmnp', 'Hung', 'Ital', 'Java', 'Kali', 'Kana', 'Kawi',
  'Khar', 'Khmr', 'Khoj', 'Kits', 'Knda', 'Krai', 'Kthi', 'Lana', 'Laoo', 'Latn', 'Lepc', 'Limb', 'Lina',
  'Linb', 'Lisu', 'Lyci', 'Lydi', 'Mahj', 'Maka', 'Mand', 'Mani', 'Marc', 'Medf', 'Mend', 'Merc', 'Mero',
  'Mlym', 'Modi', 'Mong', 'Mroo', 'Mtei', 'Mult', 'Mymr', 'Nagm', 'Nand', 'Narb', 'Nbat', 'Newa', 'Nkoo',
  'Nshu', 'Ogam', 'Olck', 'Onao', 'Orkh', 'Orya', 'Osge', 'Osma', 'Ougr', 'Palm', 'Pauc', 'Perm', 'Phag',
  'Phli', 'Phlp', 'Phnx', 'Plrd', 'Prti', 'Rjng', 'Rohg', 'Runr', 'Samr', 'Sarb', 'Saur', 'Sgnw', 'Shaw',
  'Shrd', 'Sidd', 'Sidt', 'Sind', 'Sinh', 'Sogd', 'Sogo', 'Sora', 'Soyo', 'Sund', 'Sunu', 'Sylo', 'Syrc',
  'Tagb', 'Takr', 'Tale', 'Talu', 'Taml', 'Tang', 'Tavt', 'Tayo', 'Telu', 'Tfng', 'Tglg', 'Thaa', 'Thai',
  'Tibt', 'Tirh', 'Tnsa', 'Todr', 'Tols', 'Toto', 'Tutg', 'Ugar', 'Vaii', 'Vith', 'Wara', 'Wcho', 'Xpeo',
  'Xsux', 'Yezi', 'Yiii', 'Zanb', 'Zinh', 'Zyyy',
] as const;

/** Characters of these go with any script (digits, punctuation, combining marks). */
const WITH_ANY = new Set(['Zyyy', 'Zinh']);

/** The mixes TR39's highly restrictive level allows beside a single script: Latin with the CJK scripts. */
const ALLOWED_MIXES: readonly (readonly string[])[] = [
  ['Latn', 'Hani', 'Hira', 'Kana'],
  ['Latn', 'Hani', 'Bopo'],
  ['Latn', 'Hani', 'Hang'],
];

/** Han is written with Japanese kana, with Bopomofo and with Hangul: one script for the single-script test. */
const AUGMENTED: Readonly<Record<string, readonly string[]>> = {
  Hani: ['Hanb', 'Jpan', 'Kore'],
  Hira: ['Jpan'],
  Kana: ['Jpan'],
  Bopo: ['Hanb'],
  Hang: ['Kore'],
};

let scriptPatterns: [string, RegExp][] | undefined;

/** Built on first use: a name is checked on registration and renames only. */
function patterns(): [string, RegExp][] {
  scriptPatterns ??= SCRIPT_CODES.flatMap((code): [string, RegExp][] => {
    try {
      return [[code, new RegExp(`^\\p{Script_Extensions=${code}}$`, 'u')]];
    } catch {
      return [];
    }
  });
  return scriptPatterns;
}

/** The scripts a character is used with (its Script_Extensions); empty for one the runtime cannot place. */
export function scriptsOf(character: string): Set<string> {
  if (/^[A-Za-z]$/.test(character)) return new Set(['Latn']);
  if (/^[\x20-\x40\x5b-\x60\x7b-\x7e]$/.test(character)) return new Set(['Zyyy']);
  return new Set(patterns().flatMap(([code, pattern]) => (pattern.test(character) ? [code] : [])));
}

/**
 * The scripts of `name` when they are mixed beyond TR39's highly restrictive level (for instance Latin with
 * Cyrillic), or null when the name is in one script or in Latin with Han and Japanese kana, Bopomofo or
 * Hangul. Common and Inherited characters go with any script; a character whose script the runtime cannot
 * place goes with none.
 */
export function mixedScripts(name: string): string[] | null {
  const sets = [...name].map(scriptsOf).filter((s) => ![...s].some((code) => WITH_ANY.has(code)));
  if (sets.length === 0) return null;
  const augmented = sets.map((s) => new Set([...s].flatMap((code) => [code, ...(AUGMENTED[code] ?? [])])));
  const [first = new Set<string>(), ...rest] = augmented;
  const shared = [...first].filter((code) => rest.every((s) => s.has(code)));
  if (shared.length > 0) return null;
  if (ALLOWED_MIXES.some((mix) => sets.every((s) => [...s].some((code) => mix.includes(code))))) return null;
  return [...new Set(sets.flatMap((s) => (s.size === 0 ? ['unknown'] : [...s])))].sort();
}
