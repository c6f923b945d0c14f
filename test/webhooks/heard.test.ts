import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { WebhookMessage } from '../../src/webhooks/events.js';
import { adminAt } from '../support/admin-client.js';
import { newHook } from '../support/hooks.js';
import { onDirect } from '../support/live.js';
import { later, register, solveStored, startPuzzle, submit } from '../support/play.js';

/**
 * A ranked solve queues only the events some enabled endpoint subscribes to, learnt in its judging read:
 * with none, the queue is not asked at all. (This file's D1 starts with no endpoint.)
 */

const admin = adminAt('2026-11-20T08:00:00Z');

/** The suite's bindings on `path`, with a webhook queue that only records the event types it was sent. */
function recordingQueue(bindings: Cloudflare.Env) {
  const sent: string[] = [];
  const record = (body: WebhookMessage) => {
    if (body.kind === 'event') sent.push(body.event.type);
  };
  const queue = {
    send: async (body: WebhookMessage) => record(body),
    sendBatch: async (messages: Iterable<{ body: WebhookMessage }>) => {
      for (const m of messages) record(m.body);
    },
  } as unknown as Queue<WebhookMessage>;
  return { sent, bindings: { ...bindings, WEBHOOK_QUEUE: queue } };
}

/** A fresh player's clean first solve of `date`'s easy loop: `solve.ranked` and `streak.extended` are its events. */
async function firstSolve(date: string, bindings: Cloudflare.Env) {
  const at = `${date}T08:00:00Z`;
  const { token } = await register(at);
  await startPuzzle(at, token, date, 'loop', 'easy');
  const solution = await solveStored(date, 'loop', 'easy');
  const res = await submit(later(at, 300), token, `${date}/loop/easy`, { solution }, bindings);
  expect(res.status).toBe(200);
}

describe('the events a ranked solve queues', () => {
  it('are none while no endpoint subscribes to any', async () => {
    const { sent, bindings } = recordingQueue(env);
    await firstSolve('2026-11-20', bindings);
    expect(sent).toEqual([]);
  });

  it.each([
    { path: 'the live boards', bindings: env, date: '2026-11-21', heard: 'solve.ranked' as const },
    { path: 'the direct path', bindings: onDirect, date: '2026-11-22', heard: 'streak.extended' as const },
  ])('are only the subscribed ones, on $path', async ({ bindings: path, date, heard }) => {
    const made = await admin.createWebhook({ url: newHook().url, events: [heard] });
    const { sent, bindings } = recordingQueue(path);
    await firstSolve(date, bindings);
    expect(sent).toEqual([heard]);
    await admin.deleteWebhook(made.id);
  });

  it('are none again once the only subscribing endpoint is deleted', async () => {
    const made = await admin.createWebhook({ url: newHook().url, events: ['solve.ranked'] });
    await admin.deleteWebhook(made.id);
    const { sent, bindings } = recordingQueue(env);
    await firstSolve('2026-11-23', bindings);
    expect(sent).toEqual([]);
  });
});
