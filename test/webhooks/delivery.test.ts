import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { createAdminClient } from '../../src/client/index.js';
import { DEV_SECRETS } from '../../src/config.js';
import worker from '../../src/index.js';
import type { WebhookMessage } from '../../src/webhooks/events.js';
import { eventually, hookAnswers, hooksReceived, newHook } from '../support/hooks.js';
import { countingTrips } from '../support/round-trips.js';

/**
 * The admin client on the real clock, as the queue's consumer runs: a delivery's 24 hours count from when
 * it was made, so both sides must read one clock (the test clock moves both).
 */
function realClockAdmin() {
  const app = createApp();
  return createAdminClient('https://puzzles.test', {
    token: DEV_SECRETS.ADMIN_TOKEN,
    fetch: (input, init) => Promise.resolve(app.request(input, init, env)),
  });
}

const admin = realClockAdmin();

/** An endpoint at a fresh receiver name, answering `status`. */
async function endpointAnswering(status: number) {
  const hook = newHook();
  await hookAnswers(hook.name, status);
  const made = await admin.createWebhook({ url: hook.url, events: ['solve.ranked'] });
  return { ...hook, id: made.id, secret: made.secret };
}

/** The endpoint's first delivery once it has had `tries` tries (the queue's consumer runs beside the test). */
function afterTries(id: string, tries: number) {
  return eventually(
    `${tries} tries of the first delivery of ${id}`,
    async () => (await admin.webhookDeliveries(id)).deliveries,
    (list) => (list[0]?.attempts.length ?? 0) >= tries,
  ).then((list) => list[0] as NonNullable<(typeof list)[0]>);
}

/**
 * Runs the Worker's queue() handler on one delivery message, and what it did with it as the queue sees it
 * (the pool's result names retried messages without their delay; see `retriedWith`).
 */
async function consume(deliveryId: number) {
  const batch = createMessageBatch<WebhookMessage>('webhook-deliveries', [
    { id: 'm1', timestamp: new Date(), attempts: 2, body: { kind: 'delivery', deliveryId } },
  ]);
  const ctx = createExecutionContext();
  await (worker as ExportedHandler<Cloudflare.Env, WebhookMessage>).queue?.(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

/** Runs the queue() handler on one delivery message of its own making, and the options it was retried with. */
async function retriedWith(deliveryId: number): Promise<QueueRetryOptions | 'acked' | 'untouched'> {
  let outcome: QueueRetryOptions | 'acked' | 'untouched' = 'untouched';
  const message = {
    id: 'm2',
    timestamp: new Date(),
    attempts: 2,
    body: { kind: 'delivery', deliveryId },
    ack: () => {
      outcome = 'acked';
    },
    retry: (options?: QueueRetryOptions) => {
      outcome = options ?? {};
    },
  } satisfies Message<WebhookMessage>;
  const batch = {
    queue: 'webhook-deliveries',
    messages: [message],
    metadata: { metrics: { backlogCount: 1, backlogBytes: 0 } },
    ackAll: () => undefined,
    retryAll: () => undefined,
  } satisfies MessageBatch<WebhookMessage>;
  await (worker as ExportedHandler<Cloudflare.Env, WebhookMessage>).queue?.(
    batch,
    env,
    createExecutionContext(),
  );
  return outcome;
}

/** D1 round trips the queue() handler makes for a batch of `n` events no endpoint subscribes to. */
async function tripsForEvents(n: number): Promise<number> {
  const counted = countingTrips(env.DB);
  const at = new Date().toISOString();
  const batch = createMessageBatch<WebhookMessage>(
    'webhook-deliveries',
    Array.from({ length: n }, (_, i) => ({
      id: `events-${n}-${i}`,
      timestamp: new Date(),
      attempts: 1,
      body: {
        kind: 'event' as const,
        id: crypto.randomUUID(),
        at,
        event: { type: 'streak.broken' as const, data: { days: i } },
      },
    })),
  );
  const ctx = createExecutionContext();
  await (worker as ExportedHandler<Cloudflare.Env, WebhookMessage>).queue?.(
    batch,
    { ...env, DB: counted.d1 },
    ctx,
  );
  expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(n);
  return counted.trips();
}

describe('webhook deliveries', () => {
  it('reads the endpoints once for a batch of events, not once an event', async () => {
    await endpointAnswering(200);
    const one = await tripsForEvents(1);
    expect(one).toBeGreaterThan(0);
    expect(await tripsForEvents(10)).toBe(one);
  });

  it('a test event reaches the endpoint signed so that standardwebhooks verifies it', async () => {
    const { name, id, secret } = await endpointAnswering(200);
    await admin.testWebhook(id);
    const [hook] = await hooksReceived(name);
    const verified = new Webhook(secret).verify(hook?.body ?? '', hook?.headers ?? {});
    expect(verified).toMatchObject({ type: 'webhook.test', data: { webhookId: id } });
  });

  it('a delivery the endpoint answers with 500 is retried after a delay, its try recorded', async () => {
    const { id } = await endpointAnswering(500);
    const queued = await admin.testWebhook(id);
    await afterTries(id, 1);
    expect(await retriedWith(queued.deliveryId)).toEqual({ delaySeconds: 120 });
    const [delivery] = (await admin.webhookDeliveries(id)).deliveries;
    expect(delivery?.status).toBe('pending');
    expect(delivery?.attempts.map((a) => a.statusCode)).toEqual([500, 500]);
  });

  it('a replay sends the delivery again with the same webhook-id', async () => {
    const { name, id } = await endpointAnswering(200);
    const queued = await admin.testWebhook(id);
    await hooksReceived(name);
    await admin.replayWebhookDelivery(id, queued.deliveryId);
    const hooks = await hooksReceived(name, 2);
    expect(hooks.map((h) => h.headers['webhook-id'])).toEqual([queued.messageId, queued.messageId]);
  });

  it('an endpoint that failed for 24 hours on the test clock is disabled and says why', async () => {
    const { id } = await endpointAnswering(503);
    await admin.testWebhook(id);
    const first = await afterTries(id, 1);
    await admin.setTestClock(
      new Date(Date.parse(first.attempts[0]?.at ?? '') + 24 * 3600_000 + 60_000).toISOString(),
    );
    try {
      const result = await consume(first.id);
      expect(result.explicitAcks).toEqual(['m1']);
      const webhook = await admin.webhook(id);
      expect(webhook.disabled).toBe(true);
      expect(webhook.disabledReason).toMatch(/failed for 24 hours/);
    } finally {
      await admin.clearTestClock();
    }
  });
});
