/**
 * A site's identity provider for the workerd suite, in Node: it serves the JSON Web Key Sets a test gives
 * it, one per set id, and counts how often each was fetched (the Worker's JWKS cache is seen through that
 * count). The test makes its key pairs and signs its id tokens itself (test/support/id-tokens.ts); only
 * the public keys come here. Routes: `PUT /sets/{id}` a JWKS, `GET /sets/{id}/jwks.json` it (404 for an
 * unknown set), `GET /sets/{id}/fetches` `{count}`.
 */

export interface IdentityProvider {
  handle(request: Request): Promise<Response>;
}

export function createIdentityProvider(): IdentityProvider {
  const sets = new Map<string, unknown>();
  const fetches = new Map<string, number>();
  return {
    async handle(request) {
      const [, route, id = '', leaf] = new URL(request.url).pathname.split('/');
      if (route !== 'sets' || id === '') return Response.json({ reason: 'no such route' }, { status: 404 });
      if (request.method === 'PUT' && leaf === undefined) {
        sets.set(id, await request.json());
        return new Response(null, { status: 204 });
      }
      if (request.method === 'GET' && leaf === 'fetches')
        return Response.json({ count: fetches.get(id) ?? 0 });
      if (request.method === 'GET' && leaf === 'jwks.json') {
        fetches.set(id, (fetches.get(id) ?? 0) + 1);
        const set = sets.get(id);
        return set === undefined
          ? Response.json({ reason: 'no such set' }, { status: 404 })
          : Response.json(set);
      }
      return Response.json({ reason: 'no such route' }, { status: 404 });
    },
  };
}
