/**
 * The submission's floor for the HTTP benchmark (bench/http.ts): a minimal Hono Worker making the same two
 * D1 round trips a first ranked submission makes (one read, one write), each of one plain statement, on the
 * same runtime and local D1. No Worker that stores a submission before answering can beat it here.
 * Never deployed.
 */
import { Hono } from 'hono';

interface Env {
  DB: D1Database;
}

const app = new Hono<{ Bindings: Env }>();
let sequence = 0;

app.post('*', async (c) => {
  sequence += 1;
  const key = `${c.req.header('cf-connecting-ip') ?? ''}-${sequence}-${Date.now()}`;
  await c.env.DB.prepare('select value from rows where key = ?').bind(key).first();
  await c.env.DB.prepare('insert into rows (key, value) values (?, ?)').bind(key, sequence).run();
  return c.json({ ok: true, key });
});

export default app;
