import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { emit } from '../../src/play/emit-event.js';
import type { WebhookMessage } from '../../src/webhooks/events.js';
import { adminAt } from '../support/admin-client.js';
import { newHook } from '../support/hooks.js';

const admin = adminAt('2026-11-20T08:00:00Z');

/** The services `emit` takes, with a queue that only records what it was sent. */
function recordingServices() {
  const sent: WebhookMessage[] = [];
  const webhooks = {
    send: async (body: WebhookMessage) => {
      sent.push(body);
    },
    sendBatch: async (messages: Iterable<{ body: WebhookMessage }>) => {
      for (const m of messages) sent.push(m.body);
    },
  } as unknown as Queue<WebhookMessage>;
  return { sent, services: { webhooks, now: () => new Date(), db: createDb(env.DB) } };
}

const types = (sent: readonly WebhookMessage[]) =>
  sent.flatMap((m) => (m.kind === 'event' ? [m.event.type] : []));

describe('events on the webhook queue', () => {
  it('are only those some enabled endpoint subscribes to, heard at once after this isolate made one', async () => {
    const { sent, services } = recordingServices();
    const made = await admin.createWebhook({ url: newHook().url, events: ['solve.held'] });
    await emit(services, { type: 'streak.broken', data: {} }, { type: 'solve.held', data: {} });
    expect(types(sent)).toEqual(['solve.held']);
    await admin.deleteWebhook(made.id);
    await emit(services, { type: 'solve.held', data: {} });
    expect(types(sent)).toEqual(['solve.held']);
  });
});
