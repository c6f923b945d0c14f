import { webhookHeaders } from './signing.js';

/** How long an endpoint has to answer before the try counts as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** One try of a delivery: the status answered (2xx is success) or why none came, and how long it took. */
export interface Attempt {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Posts a signed delivery once. Redirects are not followed: a redirect could lead to an address the URL
 * rules refuse, and a receiver that moved can be given its new URL.
 */
export async function sendDelivery(
  target: { url: string; secret: string },
  messageId: string,
  body: string,
  at: Date,
): Promise<Attempt> {
  const headers = await webhookHeaders(target.secret, messageId, at, body);
  const started = Date.now();
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      statusCode: response.status,
      error: ok ? null : `answered ${response.status}`,
      durationMs: Date.now() - started,
    };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { ok: false, statusCode: null, error: message.slice(0, 500), durationMs: Date.now() - started };
  }
}
