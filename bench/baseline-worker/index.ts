/**
 * The HTTP benchmark's baseline (bench/http.ts): the least a Hono Worker can do, a constant JSON body, on
 * the same runtime (workerd, served the same way) as the service. Never deployed.
 */
import { Hono } from 'hono';

const BODY = { ok: true, service: 'baseline', note: 'constant JSON from a minimal Hono handler' };

const app = new Hono();
app.get('*', (c) => c.json(BODY));

export default app;
