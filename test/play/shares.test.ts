import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { SHARE_CODE_LENGTH, type Share, ShareSchema, SharesSchema } from '../../src/contract/shares.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { CONTENT_SECURITY_POLICY } from '../../src/http/security-headers.js';
import { appAt } from '../support/app.js';
import { clientAt } from '../support/client.js';
import { bodyOf, errorOf } from '../support/json.js';
import { limitedOn } from '../support/limiters.js';
import {
  bearer,
  type NewPlayer,
  register,
  solveAs,
  solveStored,
  startPuzzle,
  submit,
  wrongSudoku,
} from '../support/play.js';

/**
 * Issue 26, item 1: result cards. A share is made of a solve or of a day, listed and revoked by its player;
 * its page and image are public to anyone with the code and 404 once revoked; rank and streak show only for
 * a public player; nothing shows an answer.
 */
const date = '2026-11-26';
const at = `${date}T20:00:00Z`;
const api = appAt(at);
const ORIGIN = 'http://localhost';

let address = 0;
/** A fresh address per call, so that the per-address limits stay out of the tests that are not about them. */
function from(): Record<string, string> {
  address++;
  return { 'CF-Connecting-IP': `203.0.${Math.floor(address / 250)}.${address % 250}` };
}

async function solver(levels: readonly ('easy' | 'medium' | 'hard')[], minutes = 20): Promise<NewPlayer> {
  const player = await register(`${date}T08:00:00Z`);
  for (const [i, level] of levels.entries()) {
    const res = await solveAs(player.token, {
      date,
      kind: 'sudoku',
      level,
      fetchAt: `${date}T${String(9 + i).padStart(2, '0')}:00:00Z`,
      submitAt: `${date}T${String(9 + i).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:00Z`,
    });
    expect(res.status).toBe(200);
  }
  return player;
}

async function share(token: string, body: unknown, app = api): Promise<Response> {
  return app('/v1/players/me/shares', {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json', ...from() },
    body: JSON.stringify(body),
  });
}

async function made(token: string, body: unknown): Promise<Share> {
  const res = await share(token, body);
  expect(res.status).toBe(201);
  return await bodyOf(res, ShareSchema);
}

async function listed(token: string): Promise<Share[]> {
  const res = await api('/v1/players/me/shares', { headers: bearer(token) });
  expect(res.status).toBe(200);
  return (await bodyOf(res, SharesSchema)).shares;
}

async function setVisibility(token: string, boardVisibility: string): Promise<void> {
  const res = await api('/v1/players/me', {
    method: 'PATCH',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ boardVisibility }),
  });
  expect(res.status).toBe(200);
}

/** Width and height from a PNG's IHDR chunk, after checking the signature and that IHDR comes first. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(view.getUint32(8)).toBe(13);
  expect(new TextDecoder().decode(bytes.slice(12, 16))).toBe('IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const one = { date, kind: 'sudoku', level: 'easy' } as const;

let first: NewPlayer;
let second: NewPlayer;
/** The sharer of the public side's tests, so that no player reaches the per-player limit. */
let third: NewPlayer;
beforeAll(async () => {
  // Two solvers of the easy sudoku: the second is #2 of the three.
  first = await solver(['easy'], 10);
  second = await solver(['easy', 'medium'], 20);
  third = await solver(['easy', 'medium'], 30);
});

describe('making a share', () => {
  it('answers a 22-character code, the chat line, and page and png URLs on the request’s origin', async () => {
    const res = await share(second.token, one);
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const body = await bodyOf(res, ShareSchema);
    expect(body.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.urls).toEqual({ page: `${ORIGIN}/s/${body.code}`, png: `${ORIGIN}/s/${body.code}.png` });
    expect(body).toMatchObject({ date, kind: 'sudoku', level: 'easy' });
    expect(body.text.split('\n').at(-1)).toBe(body.urls.page);
  });

  it('gives each share its own code', async () => {
    const a = await made(second.token, one);
    const b = await made(second.token, one);
    expect(a.code).not.toBe(b.code);
  });

  it('of one solve shows its kind, level, time, rank of solvers and the streak for a public player', async () => {
    const body = await made(second.token, one);
    expect(body.card.puzzles).toEqual([
      expect.objectContaining({ kind: 'sudoku', level: 'easy', countedMs: 20 * 60_000, rank: 2, solvers: 3 }),
    ]);
    expect(body.card.streak).toBe(1);
    const [head, line] = body.text.split('\n');
    expect(head).toBe(`Daily puzzles ${date} · 🔥 1-day streak`);
    expect(line).toMatch(/^Sudoku easy 20:00 · #2 of 3 [🟩⬜]{5}$/u);
  });

  it('of the day lists every puzzle of the date the player solved, easiest first, and no other', async () => {
    const body = await made(second.token, { date });
    expect(body).toMatchObject({ kind: null, level: null });
    expect(body.card.puzzles.map((p) => `${p.kind}:${p.level}`)).toEqual(['sudoku:easy', 'sudoku:medium']);
    expect(body.text.split('\n')).toHaveLength(4);
  });

  it('of a hidden player shows no rank and no streak, in the card, the text and the page', async () => {
    const player = await solver(['easy'], 15);
    await setVisibility(player.token, 'hidden');
    const body = await made(player.token, one);
    expect(body.card.puzzles[0]).toMatchObject({ rank: null, solvers: null });
    expect(body.card.streak).toBeNull();
    expect(body.text).not.toContain('#');
    expect(body.text).not.toContain('streak');
    const page = await (await api(`/s/${body.code}`)).text();
    expect(page).not.toContain('#');
    expect(page).not.toContain('streak');
  });

  it('of a followers-only player shows no rank either: anyone with the link sees the card', async () => {
    const player = await solver(['easy'], 16);
    await setVisibility(player.token, 'followers');
    const body = await made(player.token, one);
    expect(body.card.puzzles[0]).toMatchObject({ rank: null, solvers: null });
    expect(body.card.streak).toBeNull();
  });

  it('never carries the answer nor the puzzle’s givens, nor any player id', async () => {
    const { grid: answer } = (await solveStored(date, 'sudoku', 'easy')) as { grid: string };
    const body = await made(second.token, one);
    const page = await (await api(`/s/${body.code}`)).text();
    for (const text of [JSON.stringify(body), page]) {
      expect(text).not.toContain(answer);
      expect(text).not.toMatch(/[0-9.]{20,}/);
      expect(text).not.toContain(second.player.id);
      expect(text).not.toContain(first.player.id);
    }
  });

  it('of a puzzle the player has not solved is a 403 not_solved, and makes nothing', async () => {
    const res = await share(first.token, { date, kind: 'sudoku', level: 'medium' });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error.code).toBe('not_solved');
    expect(await listed(first.token)).toEqual([]);
  });

  it('of a puzzle the player only got wrong is a 403 not_solved', async () => {
    const player = await register(`${date}T08:00:00Z`);
    await startPuzzle(`${date}T09:00:00Z`, player.token, date, 'sudoku', 'hard');
    const wrong = await submit(`${date}T09:20:00Z`, player.token, `${date}/sudoku/hard`, {
      solution: await wrongSudoku(date, 'hard'),
    });
    expect((await bodyOf(wrong, SubmissionResultSchema)).valid).toBe(false);
    const res = await share(player.token, { date, kind: 'sudoku', level: 'hard' });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error.code).toBe('not_solved');
  });

  it('of a solve a moderator voided is a 403 not_solved', async () => {
    const player = await solver(['easy'], 25);
    const row = await env.DB.prepare('select id from submissions where player_id = ? and ranked = 1')
      .bind(player.player.id)
      .first<{ id: number }>();
    const voided = await api(`/v1/admin/submissions/${row?.id}/void`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'shared account' }),
    });
    expect(voided.status).toBe(200);
    const res = await share(player.token, one);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error.code).toBe('not_solved');
  });

  it('of a date solved only as practice, after its ranking closed, is a 403 not_solved', async () => {
    const player = await register(`${date}T08:00:00Z`);
    const practice = await solveAs(player.token, {
      date: '2026-11-20',
      kind: 'sudoku',
      level: 'easy',
      fetchAt: `${date}T09:00:00Z`,
      submitAt: `${date}T09:20:00Z`,
    });
    expect(practice.body).toMatchObject({ valid: true, practice: true });
    const res = await share(player.token, { date: '2026-11-20', kind: 'sudoku', level: 'easy' });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error.code).toBe('not_solved');
  });

  it('of a day the player solved nothing of is a 403 not_solved', async () => {
    const res = await share(first.token, { date: '2026-11-25' });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error.code).toBe('not_solved');
  });

  it('refuses a kind without a level, a level without a kind, a level of another kind, a bad date or an unknown field with a 400, and makes nothing', async () => {
    const player = await solver(['easy'], 17);
    for (const body of [
      { date, kind: 'sudoku' },
      { date, level: 'easy' },
      { date, kind: 'sudoku', level: 'superhard' },
      { date, kind: 'chess', level: 'easy' },
      { date: '26-11-2026' },
      { date, kind: 'sudoku', level: 'easy', name: 'Ada' },
      {},
    ]) {
      const res = await share(player.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).error.code).toBe('invalid_request');
    }
    expect(await listed(player.token)).toEqual([]);
  });

  it('needs a player token', async () => {
    const res = await api('/v1/players/me/shares', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from() },
      body: JSON.stringify(one),
    });
    expect(res.status).toBe(401);
  });

  it('is limited per player: the 10th share in a minute is made, the 11th is a 429 with Retry-After', async () => {
    const player = await solver(['easy'], 18);
    const counted = appAt(
      at,
      limitedOn(() => Date.parse(at)),
    );
    const answers: Response[] = [];
    for (let i = 0; i < 11; i++) answers.push(await share(player.token, one, counted));
    expect(answers.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(answers[10]?.status).toBe(429);
    expect(Number(answers[10]?.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe("a player's shares", () => {
  it('are listed newest first, and another player’s are not', async () => {
    const player = await solver(['easy', 'medium'], 19);
    const older = await made(player.token, one);
    const later = appAt(`${date}T21:00:00Z`);
    const res = await later('/v1/players/me/shares', {
      method: 'POST',
      headers: { ...bearer(player.token), 'content-type': 'application/json', ...from() },
      body: JSON.stringify({ date }),
    });
    const newer = await bodyOf(res, ShareSchema);
    await made(second.token, one);
    expect((await listed(player.token)).map((s) => s.code)).toEqual([newer.code, older.code]);
  });

  it('are revoked by their player: 204, then gone from the list', async () => {
    const player = await solver(['easy'], 21);
    const body = await made(player.token, one);
    const res = await api(`/v1/players/me/shares/${body.code}`, {
      method: 'DELETE',
      headers: bearer(player.token),
    });
    expect(res.status).toBe(204);
    expect(await listed(player.token)).toEqual([]);
  });

  it('cannot be revoked by another player: 404, and the share still serves', async () => {
    const body = await made(second.token, one);
    const res = await api(`/v1/players/me/shares/${body.code}`, {
      method: 'DELETE',
      headers: bearer(first.token),
    });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).error.code).toBe('not_found');
    expect((await api(`/s/${body.code}`)).status).toBe(200);
    expect((await listed(second.token)).map((s) => s.code)).toContain(body.code);
  });

  it('answer 404 for an unknown code and 400 for a malformed one', async () => {
    const unknown = await api('/v1/players/me/shares/AAAAAAAAAAAAAAAAAAAAAA', {
      method: 'DELETE',
      headers: bearer(first.token),
    });
    expect(unknown.status).toBe(404);
    const malformed = await api('/v1/players/me/shares/short', {
      method: 'DELETE',
      headers: bearer(first.token),
    });
    expect(malformed.status).toBe(400);
  });

  it('are in the player’s export', async () => {
    const player = await solver(['easy'], 22);
    const body = await made(player.token, one);
    const exported = await clientAt(at, { token: player.token }).exportMe();
    expect(exported.shares).toEqual([expect.objectContaining({ code: body.code, date })]);
  });

  it('go with the player when it deletes itself: its page and image answer 404', async () => {
    const player = await solver(['easy'], 23);
    const body = await made(player.token, one);
    expect((await api('/v1/players/me', { method: 'DELETE', headers: bearer(player.token) })).status).toBe(
      204,
    );
    expect((await api(`/s/${body.code}`)).status).toBe(404);
    expect((await api(`/s/${body.code}.png`)).status).toBe(404);
  });

  it('of a banned player answer 404', async () => {
    const player = await solver(['easy'], 24);
    const body = await made(player.token, one);
    const ban = await api(`/v1/admin/players/${player.player.id}/ban`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'a script' }),
    });
    expect(ban.status).toBe(200);
    expect((await api(`/s/${body.code}`)).status).toBe(404);
  });
});

describe('the public page, GET /s/{code}', () => {
  let body: Share;
  let res: Response;
  let html: string;
  beforeAll(async () => {
    body = await made(third.token, one);
    res = await api(`/s/${body.code}`);
    html = await res.text();
  });

  it('is HTML under the demo page’s Content-Security-Policy, revalidated on every use', () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Content-Security-Policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('Cache-Control')).toBe('public, no-cache');
    expect(html).not.toMatch(/<script|style=/i);
  });

  it('carries Open Graph and Twitter card tags whose image is the absolute png URL', () => {
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/s/${body.code}.png">`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/s/${body.code}">`);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta name="twitter:image" content="${ORIGIN}/s/${body.code}.png">`);
  });

  it('takes its URLs from the origin the request came to', async () => {
    const other = await (await api(`https://puzzles.example.org/s/${body.code}`)).text();
    expect(other).toContain(
      `<meta property="og:image" content="https://puzzles.example.org/s/${body.code}.png">`,
    );
  });

  it('shows the chat line, escaped', () => {
    expect(html).toContain(`<pre>${body.text.replace(/&/g, '&amp;')}</pre>`);
  });

  it('answers 404 as JSON for a malformed code', async () => {
    const malformed = await api('/s/not-a-code');
    expect(malformed.status).toBe(404);
    expect((await errorOf(malformed)).error.code).toBe('not_found');
  });
});

describe('the card image, GET /s/{code}.png', () => {
  it('is a 1200×630 PNG, served immutable', async () => {
    const body = await made(third.token, one);
    const res = await api(`/s/${body.code}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it('of a whole day is 1200×630 as well', async () => {
    const body = await made(third.token, { date });
    const res = await api(`/s/${body.code}.png`);
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it('is the same bytes the second time, from the cache', async () => {
    const body = await made(third.token, one);
    const a = new Uint8Array(await (await api(`/s/${body.code}.png`)).arrayBuffer());
    const b = new Uint8Array(await (await api(`/s/${body.code}.png`)).arrayBuffer());
    expect(b).toEqual(a);
  });
});

describe('a revoked code', () => {
  it('is 404 on the page and on the image, though the image was rendered and cached before', async () => {
    const body = await made(third.token, one);
    expect((await api(`/s/${body.code}`)).status).toBe(200);
    expect((await api(`/s/${body.code}.png`)).status).toBe(200);
    const revoked = await api(`/v1/players/me/shares/${body.code}`, {
      method: 'DELETE',
      headers: bearer(third.token),
    });
    expect(revoked.status).toBe(204);
    expect((await api(`/s/${body.code}`)).status).toBe(404);
    expect((await api(`/s/${body.code}.png`)).status).toBe(404);
  });
});

describe('a dead share link opened in a browser', () => {
  const browser = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('gets a small HTML page with the 404 for a revoked code, under the page policy', async () => {
    const body = await made(third.token, one);
    await api(`/v1/players/me/shares/${body.code}`, { method: 'DELETE', headers: bearer(third.token) });
    const res = await api(`/s/${body.code}`, { headers: browser });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Content-Security-Policy')).toBe(CONTENT_SECURITY_POLICY);
    const html = await res.text();
    expect(html).toContain('<h1>This share is not here</h1>');
    expect(html).toContain('<a href="/">Play today’s puzzles</a>');
    expect(html).not.toMatch(/<script|style=/i);
  });

  it('gets the same page for a code that was never made, well-formed or not', async () => {
    for (const path of ['/s/not-a-code', `/s/${'A'.repeat(SHARE_CODE_LENGTH)}`]) {
      const res = await api(path, { headers: browser });
      expect([path, res.status, res.headers.get('Content-Type')]).toEqual([
        path,
        404,
        expect.stringMatching(/^text\/html/),
      ]);
    }
  });

  it('keeps the JSON error for a client that does not ask for HTML, and for the image', async () => {
    const json = await api('/s/not-a-code', { headers: { Accept: 'application/json' } });
    expect((await errorOf(json)).error.code).toBe('not_found');
    const image = await api('/s/not-a-code.png', { headers: browser });
    expect(image.status).toBe(404);
    expect(image.headers.get('Content-Type')).toMatch(/^application\/json/);
  });
});
