import { z } from 'zod';
import { absoluteUrl } from './absolute-url.js';

// Webhooks: endpoints a site registers to hear of events, each delivery signed as Standard Webhooks says.

/** Every event an endpoint may subscribe to: the public contract, in the order the documentation lists them. */
export const WEBHOOK_EVENTS = [
  'solve.ranked',
  'solve.held',
  'solve.approved',
  'solve.voided',
  'streak.extended',
  'streak.broken',
  'puzzles.generated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The type of the event `POST /v1/admin/webhooks/{id}/test` sends: to that endpoint only, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The longest URL kept. */
export const WEBHOOK_URL_MAX = 2048;

const WebhookUrlSchema = absoluteUrl(WEBHOOK_URL_MAX).meta({
  description:
    'Where deliveries are posted: https, at a public host (no private, loopback or link-local address); ' +
    'development also allows http://127.0.0.1 and http://localhost',
  example: 'https://example.com/hooks/puzzles',
});

export const NewWebhookSchema = z
  .strictObject({
    url: WebhookUrlSchema,
    events: z
      .array(z.enum(WEBHOOK_EVENTS))
      .min(1, 'subscribe to at least one event')
      .max(WEBHOOK_EVENTS.length)
      .refine((events) => new Set(events).size === events.length, 'name each event once')
      .meta({ description: 'The events it hears of' }),
  })
  .meta({
    id: 'NewWebhook',
    example: { url: 'https://example.com/hooks/puzzles', events: ['solve.ranked', 'streak.broken'] },
  });
export type NewWebhook = z.infer<typeof NewWebhookSchema>;

export const WebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    createdAt: z.string(),
    disabled: z
      .boolean()
      .meta({ description: 'True once it failed for 24 hours; nothing is sent until enabled' }),
    disabledReason: z.string().nullable(),
    disabledAt: z.string().nullable(),
    failingSince: z.string().nullable().meta({
      description: 'The first failed try since its last success; 24 hours after it, it is disabled',
    }),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof WebhookSchema>;

export const CreatedWebhookSchema = WebhookSchema.extend({
  secret: z.string().meta({
    description:
      'The signing secret (`whsec_` and base64): shown this once. Verify each delivery with it (Standard Webhooks)',
  }),
}).meta({ id: 'CreatedWebhook' });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const WebhooksSchema = z.object({ webhooks: z.array(WebhookSchema) });
export type Webhooks = z.infer<typeof WebhooksSchema>;

export const WebhookAttemptSchema = z.object({
  at: z.string(),
  statusCode: z.number().int().nullable().meta({ description: "The endpoint's answer; null when none came" }),
  error: z.string().nullable().meta({ description: 'Why the try failed, when it did' }),
  durationMs: z.number().int(),
});

export const WebhookDeliverySchema = z
  .object({
    id: z.number().int(),
    messageId: z.string().meta({ description: 'The `webhook-id` header: the same on every try and replay' }),
    eventType: z.string(),
    payload: z.unknown().meta({ description: 'The body as signed: `{type, timestamp, data}`' }),
    createdAt: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    nextAttemptAt: z.string().nullable(),
    attempts: z.array(WebhookAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesSchema = z.object({
  deliveries: z.array(WebhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveries = z.infer<typeof WebhookDeliveriesSchema>;

/** A queued delivery: sent by the queue's consumer, never by the request that asked for it. */
export const QueuedDeliverySchema = z
  .object({ deliveryId: z.number().int(), messageId: z.string(), status: z.literal('pending') })
  .meta({ id: 'QueuedWebhookDelivery' });
export type QueuedDelivery = z.infer<typeof QueuedDeliverySchema>;
