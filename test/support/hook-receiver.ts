/**
 * A webhook receiver for the workerd suite, in Node: every POST to `/hook/{name}` is recorded (the three
 * Standard Webhooks headers and the body as sent) and answered with the status the test chose for that
 * name (200 until told otherwise). Its own routes: `GET /received/{name}` what it recorded, `POST
 * /answer/{name}` `{status}` what it answers from now on. vitest.config.ts routes the Worker's fetches to
 * `https://hooks.test` here, the way push.test reaches the push service.
 */

/** One delivery as it arrived. */
export interface ReceivedHook {
  headers: { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string };
  contentType: string | null;
  body: string;
  /** The status answered. */
  answered: number;
}

export interface HookReceiver {
  handle(request: Request): Promise<Response>;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function createHookReceiver(): HookReceiver {
  const received = new Map<string, ReceivedHook[]>();
  const answers = new Map<string, number>();
  return {
    async handle(request) {
      const url = new URL(request.url);
      const [, route = '', name = ''] = url.pathname.split('/');
      if (request.method === 'POST' && route === 'hook') {
        const answered = answers.get(name) ?? 200;
        const header = (h: string) => request.headers.get(h) ?? '';
        const list = received.get(name) ?? [];
        list.push({
          headers: {
            'webhook-id': header('webhook-id'),
            'webhook-timestamp': header('webhook-timestamp'),
            'webhook-signature': header('webhook-signature'),
          },
          contentType: request.headers.get('content-type'),
          body: await request.text(),
          answered,
        });
        received.set(name, list);
        return json({ answered }, answered);
      }
      if (request.method === 'GET' && route === 'received') return json(received.get(name) ?? []);
      if (request.method === 'POST' && route === 'answer') {
        answers.set(name, ((await request.json()) as { status: number }).status);
        return json({ answer: answers.get(name) });
      }
      return json({ reason: `no route ${request.method} ${url.pathname}` }, 404);
    },
  };
}
