import { moderatorTokenHash, newModeratorToken } from '../auth/moderator-token.js';
import type { ModeratorRole } from '../contract/moderators.js';
import {
  insertModerator,
  listModerators,
  type Moderator,
  type ModeratorRow,
  revokeModerator,
} from '../db/moderators.js';
import type { Services } from '../services.js';
import { auditEntry } from './audit-entry.js';

export type ShownModerator = Omit<ModeratorRow, 'tokenHash'>;

export type RevokeOutcome = { ok: true; moderator: ShownModerator } | { ok: false; reason: 'not_found' };

function shown({ tokenHash: _, ...rest }: ModeratorRow): ShownModerator {
  return rest;
}

/**
 * Makes a named moderator or owner with a token of its own, audited as `by`'s act. Returns the row and the
 * token, which is never stored and cannot be shown again.
 */
export async function addModerator(
  services: Services,
  by: Moderator,
  request: { name: string; role: ModeratorRole; reason?: string | undefined },
): Promise<{ moderator: ShownModerator; token: string }> {
  const now = services.now();
  const token = newModeratorToken();
  const row = {
    id: crypto.randomUUID(),
    name: request.name,
    role: request.role,
    tokenHash: await moderatorTokenHash(token),
    createdAt: now.toISOString(),
    createdBy: by.id,
  };
  await insertModerator(
    services.db,
    row,
    auditEntry(by, 'add_moderator', row.id, request.reason ?? null, now, { name: row.name, role: row.role }),
  );
  return { moderator: shown({ ...row, revokedAt: null }), token };
}

/** Every moderator, revoked ones too, without their token hashes. */
export async function moderatorList(services: Services): Promise<ShownModerator[]> {
  return (await listModerators(services.db)).map(shown);
}

/** Revokes a moderator's token from now on, audited; refused when no moderator of that id still holds one. */
export async function revokeModeratorNow(
  services: Services,
  by: Moderator,
  id: string,
  reason: string | null,
): Promise<RevokeOutcome> {
  const now = services.now();
  const at = now.toISOString();
  const revoked = await revokeModerator(
    services.db,
    id,
    at,
    auditEntry(by, 'revoke_moderator', id, reason, now),
  );
  return revoked ? { ok: true, moderator: shown(revoked) } : { ok: false, reason: 'not_found' };
}
