import { describe, expect, it } from 'vitest';
import { scriptsOf } from '../../src/contract/name-scripts.js';
import { NewPlayerSchema, PlayerProfileSchema } from '../../src/contract/player.js';
import { appAt } from '../support/app.js';
import { bodyOf, errorOf } from '../support/json.js';
import { bearer, register, someAddress } from '../support/play.js';

const at = '2026-11-29T12:00:00Z';
const api = appAt(at);

/** POST /v1/players with `displayName`: the stored name, or the 400's message. */
async function registerAs(
  displayName: string,
): Promise<{ status: number; name?: string | null; message?: string }> {
  const res = await api('/v1/players', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...someAddress() },
    body: JSON.stringify({ displayName }),
  });
  return res.status === 201
    ? { status: res.status, name: (await bodyOf(res, NewPlayerSchema)).player.displayName }
    : { status: res.status, message: (await errorOf(res)).error.message };
}

describe('display names people use', () => {
  it.each([
    ['Latin with a diaeresis', 'Zoë'],
    ['Latin with accents and a hyphen', 'José-María'],
    ['Latin with digits', 'Ada99'],
    ['Greek', 'Σοφία'],
    ['Cyrillic', 'Дмитрий'],
    ['Chinese', '李小龍'],
    ['Japanese Han with a space', '山田 太郎'],
    ['Han and Hiragana', '山田さくら'],
    ['Latin, Han and Hiragana', 'Mika 山田 さくら'],
    ['Latin and Katakana with the prolonged sound mark', 'Yuki タロー'],
    ['Korean', '김민준'],
    ['Latin and Hangul', 'Kim 민준'],
    ['Han and Bopomofo', '王ㄒㄧㄠ'],
    ['Devanagari with vowel signs', 'राम शर्मा'],
    ['Arabic', 'محمد'],
    ['Hebrew', 'דוד'],
    ['Thai', 'สมชาย'],
  ])('are accepted: %s (%s)', async (_what, name) => {
    expect(await registerAs(name)).toEqual({ status: 201, name });
  });

  it('are stored composed: a diaeresis typed as a combining mark is the same Zoë', async () => {
    const decomposed = 'Zoe\u0308';
    expect(decomposed).not.toBe('Zoë');
    expect(await registerAs(decomposed)).toEqual({ status: 201, name: 'Zoë' });
  });

  it('take up to three combining marks on one letter, not four', async () => {
    // Marks that compose with no letter, so NFC keeps all four.
    const marks = ['\u0346', '\u0347', '\u0348', '\u0349'];
    for (const count of [2, 3]) {
      expect((await registerAs(`Zo${marks.slice(0, count).join('')}e`)).status, String(count)).toBe(201);
    }
    expect((await registerAs(`Zo${marks.join('')}e`)).message).toMatch(/may hold letters, digits/);
  });
});

describe('display names that are not what they look like', () => {
  it('refuses Ada spelt with a Cyrillic А, saying which scripts it mixes', async () => {
    const lookAlike = '\u0410da';
    expect(await registerAs(lookAlike)).toEqual({
      status: 400,
      message:
        'displayName: mixes scripts (Cyrl, Latn), as look-alike names do: write it in one script, or in ' +
        'Latin with Han and Japanese kana, Bopomofo or Hangul',
    });
  });

  it.each([
    ['Latin with a Cyrillic а', 'p\u0430ypal'],
    ['Latin with a Greek ο', 'G\u03BFogle'],
    ['Cyrillic with Greek', 'Дмитρий'],
    ['Hiragana with Hangul', 'さくら민준'],
    ['Latin, Hangul and Hiragana', 'Kim 민준 さくら'],
    ['Arabic with Latin', 'محمد Ali'],
  ])('refuses mixed scripts: %s', async (_what, name) => {
    expect((await registerAs(name)).message).toMatch(/^displayName: mixes scripts/);
  });

  it.each([
    ['Hangul fillers U+3164', '\u3164\u3164\u3164'],
    ['Hangul choseong and jungseong fillers', '\u115F\u1160'],
    ['halfwidth Hangul fillers', '\uFFA0\uFFA0'],
    ['blank braille patterns', '\u2800\u2800'],
    ['zero-width spaces', '\u200B\u200B\u200B'],
  ])('refuses a name of nothing visible: %s', async (_what, name) => {
    expect(await registerAs(name)).toEqual({
      status: 400,
      message:
        'displayName: must show a letter or a digit: invisible and filler characters (such as U+3164) do not count',
    });
  });

  it('refuses a visible name with a filler character in it', async () => {
    for (const name of ['Ada\u3164', 'A\u115Fda', 'Ad\u200Da']) {
      expect((await registerAs(name)).message, JSON.stringify(name)).toBe(
        'displayName: may not hold invisible or filler characters (such as U+200B or U+3164)',
      );
    }
  });

  it('refuses them on rename too, keeping the old name', async () => {
    const { token } = await register(at, 'Ada');
    for (const displayName of ['\u0410da', '\u3164\u3164']) {
      const res = await api('/v1/players/me', {
        method: 'PATCH',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ displayName }),
      });
      expect(res.status).toBe(400);
    }
    const me = await bodyOf(await api('/v1/players/me', { headers: bearer(token) }), PlayerProfileSchema);
    expect(me.displayName).toBe('Ada');
  });
});

describe('the scripts of names', () => {
  it('places every letter and digit this runtime knows in a script', () => {
    const unplaced: string[] = [];
    const letterOrDigit = /^[\p{L}\p{N}]$/u;
    for (let cp = 0x80; cp < 0x110000; cp++) {
      if (cp >= 0xd800 && cp < 0xe000) continue;
      const character = String.fromCodePoint(cp);
      if (letterOrDigit.test(character) && scriptsOf(character).size === 0) unplaced.push(cp.toString(16));
    }
    expect(unplaced).toEqual([]);
  });
});
