import type { NewAdminAction } from '../db/audit-log.js';
import type { Moderator } from '../db/moderators.js';
import type { AdminAction } from '../db/schema.js';

/** An audit row of an action taken by `by`: who, what, on what, when and why. */
export function auditEntry(
  by: Moderator,
  action: AdminAction,
  target: string,
  reason: string | null,
  now: Date,
  details: Record<string, unknown> | null = null,
): NewAdminAction {
  return {
    at: now.toISOString(),
    action,
    target,
    reason,
    details,
    moderatorId: by.id,
    moderatorName: by.name,
  };
}
