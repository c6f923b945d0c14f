/**
 * Who may call a route, for the OpenAPI document (the schemes are registered in src/app.ts); the
 * middleware and handlers enforce it.
 */

type Security = Record<string, string[]>[];

/** No token: the route answers everyone alike. */
export const NO_TOKEN: Security = [];

/** A player token from POST /v1/players (or a link code). */
export const PLAYER: Security = [{ player: [] }];

/** Anonymous, or with a player token that adds the caller's own session, rank or view. */
export const OPTIONAL_PLAYER: Security = [{}, { player: [] }];

/** ADMIN_TOKEN. */
export const ADMIN: Security = [{ admin: [] }];
