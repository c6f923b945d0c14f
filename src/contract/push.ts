import { z } from 'zod';
import { absoluteUrl } from './absolute-url.js';

/** The longest endpoint kept: push services' URLs run to a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 1024;

/** The bytes of canonical unpadded base64url text (as PushSubscription.toJSON() writes keys), or null. */
function base64UrlBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  let back = '';
  for (const b of bytes) back += String.fromCharCode(b);
  return btoa(back).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') === text ? bytes : null;
}

/** A key of `length` bytes in unpadded base64url, each failure said in its own words. */
function keyOf(length: number, what: string, first?: number) {
  return z.string().superRefine((text, ctx) => {
    const bytes = base64UrlBytes(text);
    if (bytes === null) {
      ctx.addIssue({ code: 'custom', message: 'must be unpadded base64url (A–Z a–z 0–9 - _, no =)' });
    } else if (bytes.length !== length) {
      ctx.addIssue({
        code: 'custom',
        message: `must decode to ${length} bytes (${what}), not ${bytes.length}`,
      });
    } else if (first !== undefined && bytes[0] !== first) {
      ctx.addIssue({ code: 'custom', message: `must be ${what}: its first byte is 0x04` });
    }
  });
}

const EndpointSchema = absoluteUrl(PUSH_ENDPOINT_MAX, (url) =>
  url.protocol === 'https:' ? null : `must be https (push services are), not ${url.protocol}`,
).meta({ description: "The push service's URL for this browser (https)" });

/** What `PushSubscription.toJSON()` gives in a browser, unchanged. */
export const PushSubscriptionJsonSchema = z
  .strictObject({
    endpoint: EndpointSchema,
    expirationTime: z.number().nullable().optional().meta({ description: 'Ignored: browsers give null' }),
    keys: z.strictObject({
      p256dh: keyOf(65, 'an uncompressed P-256 public key', 4).meta({
        description: "The browser's P-256 public key: 65 bytes, base64url",
      }),
      auth: keyOf(16, 'the auth secret').meta({ description: 'The auth secret: 16 bytes, base64url' }),
    }),
  })
  .meta({ id: 'PushSubscriptionJSON' });

export type PushSubscriptionJson = z.infer<typeof PushSubscriptionJsonSchema>;

const EXAMPLE_SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/dK1c3aExample:APA91bH-Zr7c1kQ2bXw9LmPa',
  expirationTime: null,
  keys: {
    p256dh: 'BNCp1i0n0tbY3lQt8YMRuAamivProD1fsI1QWA4Du8xRKHsaQIRqZO5BjdROHxjmNbFvrzqaJVtv3cR0MX-48VU',
    auth: 'q2x9kF7bT0yQmV3sWc8Hdg',
  },
};

export const PushRequestSchema = z
  .strictObject({
    subscription: PushSubscriptionJsonSchema,
    hour: z.int().min(0).max(23).meta({
      description: "The hour (0–23) of the player's calendar (its time zone) to be reminded at",
    }),
  })
  .meta({ id: 'PushRequest', example: { subscription: EXAMPLE_SUBSCRIPTION, hour: 19 } });

export type PushRequest = z.infer<typeof PushRequestSchema>;

export const PushSubscriptionSchema = z
  .object({
    endpoint: z.string(),
    hour: z.int(),
    timeZone: z
      .string()
      .meta({ description: "The player's calendar the hour is read in (UTC until it has one)" }),
    nextReminderAt: z.string().meta({
      description: 'When the next reminder may come: it is sent only if nothing is solved that day by then',
    }),
    createdAt: z.string(),
  })
  .meta({
    id: 'PushSubscription',
    description: "A device's streak reminder",
    example: {
      endpoint: EXAMPLE_SUBSCRIPTION.endpoint,
      hour: 19,
      timeZone: 'Europe/Paris',
      nextReminderAt: '2026-12-02T18:00:00.000Z',
      createdAt: '2026-12-02T09:12:44.000Z',
    },
  });

export type PushSubscriptionView = z.infer<typeof PushSubscriptionSchema>;

export const PushKeySchema = z
  .object({
    publicKey: z.string().meta({
      description: "The VAPID public key (base64url): a browser's `applicationServerKey`",
    }),
  })
  .meta({
    id: 'PushKey',
    example: {
      publicKey: 'BIW7xIU4R2ZYpN9Le4kJwXpD4wHT5tOYgOZfLFi_L8QnDZmhnzU9dwSSsF2E9rWrkuTdFsYAvaf2LAWqE6LPG8w',
    },
  });

export type PushKey = z.infer<typeof PushKeySchema>;

/** The subscription to remove, named by its endpoint. */
export const PushEndpointSchema = EndpointSchema;

/** What a reminder carries to the service worker, which shows it as a notification. */
export interface ReminderPayload {
  title: string;
  body: string;
  /** The player's date it is about. */
  date: string;
  /** The page to open when the notification is clicked. */
  url: string;
}
