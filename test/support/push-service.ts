/**
 * A local push service for the tests and the bench, in Node: what a browser's push service does with a
 * Worker's push (RFC 8030), checked the way one checks it. It makes subscriptions (a P-256 key pair and an
 * auth secret per browser, as a browser would), and for each push it receives it verifies the VAPID
 * header (RFC 8292: an ES256 JWT for this origin, signed by the key the subscription was made with) and
 * decrypts the body with the subscription's private key (RFC 8291, aes128gcm), keeping what it read. A
 * subscription can be told to answer 404 or 410 (gone) or 500 (failing for now).
 *
 * Its own routes, beside the push endpoint `POST /push/{id}`: `POST /subscribe` `{applicationServerKey}`
 * gives a PushSubscription JSON and its `id`; `GET /received/{id}` what it accepted and refused;
 * `POST /answer/{id}` `{status}` what it answers from now on. `handle` serves them from a Request (the
 * workerd suite routes the Worker's outbound fetches to it); `startPushServer` over HTTPS.
 */

import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What one accepted push carried, as the service read it. */
export interface ReceivedPush {
  /** The decrypted payload. */
  text: string;
  ttl: string | null;
  topic: string | null;
  urgency: string | null;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
}

export interface Received {
  accepted: ReceivedPush[];
  /** Pushes refused, each with the status answered and why. */
  refused: { status: number; reason: string }[];
}

interface Subscription {
  ecdh: ECDH;
  auth: Buffer;
  applicationServerKey: string | undefined;
  answer: number;
  received: Received;
}

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** RFC 8291 §3.4 and RFC 8188 §2: the content key and nonce from the browser's keys and the record's header. */
function decrypt(sub: Subscription, body: Buffer): string {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not the 65 of a P-256 point`);
  if (record.length > recordSize) throw new Error('more than one record');
  const ua = sub.ecdh.getPublicKey();
  const shared = sub.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua, serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, sub.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292 §2–3: `vapid t=<JWT>, k=<key>`, the JWT signed by k (ES256), for this origin, expiring within a day. */
function checkVapid(sub: Subscription, header: string | null, origin: string): ReceivedPush['claims'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${header}`);
  const [, jwt = '', k = ''] = match;
  if (sub.applicationServerKey !== undefined && k !== sub.applicationServerKey) {
    throw new Error('k is not the key the subscription was made with');
  }
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const alg = (JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }).alg;
  if (alg !== 'ES256') throw new Error(`JWT alg is ${alg}, not ES256`);
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`aud is ${claims.aud}, not ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600))
    throw new Error('exp is not within the next 24 hours');
  if (!/^(mailto:|https:)/.test(claims.sub ?? ''))
    throw new Error(`sub is not mailto: or https: (${claims.sub})`);
  return claims;
}

export interface PushService {
  /** Serves one request to the service (its origin is the request's). */
  handle(request: Request): Promise<Response>;
}

export function createPushService(): PushService {
  const subscriptions = new Map<string, Subscription>();

  async function push(id: string, request: Request, origin: string): Promise<Response> {
    const sub = subscriptions.get(id);
    if (!sub) return json({ reason: 'no such subscription' }, 404);
    if (sub.answer !== 201) {
      sub.received.refused.push({ status: sub.answer, reason: 'told to answer so' });
      return json({ reason: 'as told' }, sub.answer);
    }
    try {
      if (request.headers.get('content-encoding') !== 'aes128gcm') {
        throw new Error(`Content-Encoding is ${request.headers.get('content-encoding')}`);
      }
      const ttl = request.headers.get('ttl');
      if (ttl === null || !/^\d+$/.test(ttl)) throw new Error(`TTL is ${ttl}`);
      const claims = checkVapid(sub, request.headers.get('authorization'), origin);
      const text = decrypt(sub, Buffer.from(await request.arrayBuffer()));
      sub.received.accepted.push({
        text,
        ttl,
        topic: request.headers.get('topic'),
        urgency: request.headers.get('urgency'),
        claims,
      });
      return new Response(null, { status: 201 });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      sub.received.refused.push({ status: 400, reason });
      return json({ reason }, 400);
    }
  }

  return {
    async handle(request) {
      const url = new URL(request.url);
      const [, route = '', id = ''] = url.pathname.split('/');
      if (request.method === 'POST' && route === 'subscribe') {
        const options = (await request.json()) as { applicationServerKey?: string };
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        const newId = randomBytes(12).toString('base64url');
        const sub: Subscription = {
          ecdh,
          auth: randomBytes(16),
          applicationServerKey: options.applicationServerKey,
          answer: 201,
          received: { accepted: [], refused: [] },
        };
        subscriptions.set(newId, sub);
        return json({
          id: newId,
          subscription: {
            endpoint: `${url.origin}/push/${newId}`,
            expirationTime: null,
            keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(sub.auth) },
          },
        });
      }
      const sub = subscriptions.get(id);
      if (request.method === 'POST' && route === 'push') return push(id, request, url.origin);
      if (!sub) return json({ reason: 'no such subscription' }, 404);
      if (request.method === 'GET' && route === 'received') return json(sub.received);
      if (request.method === 'POST' && route === 'answer') {
        sub.answer = ((await request.json()) as { status: number }).status;
        return json({ answer: sub.answer });
      }
      return json({ reason: `no route ${request.method} ${url.pathname}` }, 404);
    },
  };
}

/** A self-signed certificate for 127.0.0.1 (made with openssl, which the tests' machines have). */
export interface Tls {
  key: string;
  cert: string;
}

export interface PushServer {
  origin: string;
  stop(): Promise<void>;
}

/** The push service over HTTPS on a free loopback port, with `tls` as its certificate. */
export async function startPushServer(service: PushService, tls: Tls): Promise<PushServer> {
  const server = createServer({ key: tls.key, cert: tls.cert }, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const body = chunks.length > 0 && req.method !== 'GET' ? Buffer.concat(chunks) : undefined;
    const response = await service.handle(
      new Request(`https://${req.headers.host}${req.url}`, { method: req.method, headers, body }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `https://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A throwaway self-signed certificate for 127.0.0.1, made with openssl, valid for a day. */
export function selfSignedTls(): Tls & { certFile: string; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-tls-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile, dir };
}
