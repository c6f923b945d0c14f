import { createRoute, z } from '@hono/zod-openapi';
import {
  GroupDetailSchema,
  InviteCodeSchema,
  JoinedGroupSchema,
  JoinGroupRequestSchema,
  NewGroupRequestSchema,
  NewGroupSchema,
  PlayerGroupsSchema,
} from '../contract/groups.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { RATE_LIMITS } from '../http/rate-limit.js';
import {
  dissolveGroup,
  type GroupDetailOutcome,
  groupDetail,
  groupsOfPlayer,
  type JoinOutcome,
  joinGroup,
  type LeaveOutcome,
  leaveGroup,
  MAX_GROUP_MEMBERS,
  MAX_GROUPS_PER_PLAYER,
  type NewGroupOutcome,
  newGroup,
  type OwnerOutcome,
  removeFromGroup,
  rotateInvite,
} from '../play/groups.js';
import { idempotent, limitedBy, PLAYER, PLAYER_READ } from './access.js';
import { jsonAnswer, jsonBody } from './json.js';
import { errorResponses, type Failed, only, type Refusals, refusal } from './refusals.js';
import { routeGroup } from './route-group.js';
import { jsonError, playerIdParam } from './schemas.js';
import { TAGS } from './tags.js';

const GroupIdParam = z.object({
  id: z
    .string()
    .uuid('must be a group id')
    .openapi({ param: { name: 'id', in: 'path' }, example: '8d3b2a61-5f0e-4c7a-b1d9-6e4f2c8a9b30' }),
});
const MemberParams = GroupIdParam.extend({ playerId: playerIdParam('playerId') });

const GROUP_LIMIT = [
  409,
  'group_limit',
  `A player belongs to at most ${MAX_GROUPS_PER_PLAYER} groups`,
] as const;

const NEW_GROUP_REFUSALS = { limit: GROUP_LIMIT } as const satisfies Refusals<Failed<NewGroupOutcome>>;

const JOIN_REFUSALS = {
  invalid_invite: [404, 'invalid_invite', 'No group has that invite code'],
  already_member: [409, 'already_member', 'The caller is a member of that group already'],
  group_full: [409, 'group_full', `A group holds at most ${MAX_GROUP_MEMBERS} members`],
  limit: GROUP_LIMIT,
} as const satisfies Refusals<Failed<JoinOutcome>>;

const LEAVE_REFUSALS = {
  not_member: [404, 'not_member', 'The caller is not a member of that group'],
} as const satisfies Refusals<Failed<LeaveOutcome>>;

const OWNER_REFUSALS = {
  not_found: [404, 'not_found', 'No such group among yours'],
  not_owner: [403, 'not_owner', 'Only the owner of the group may do this'],
  not_member: [404, 'not_member', 'That player is not a member of the group'],
} as const satisfies Refusals<Failed<OwnerOutcome<unknown>>>;

const DETAIL_REFUSALS = {
  not_found: [404, 'not_found', 'No such group among yours'],
} as const satisfies Refusals<Failed<GroupDetailOutcome>>;

/** What the group routes that are not about one member meet of the owner's refusals. */
const GROUP_OWNER_REFUSALS = only(OWNER_REFUSALS, 'not_found', 'not_owner');

const create = createRoute({
  method: 'post',
  path: '/groups',
  operationId: 'createGroup',
  tags: [TAGS.social.name],
  ...idempotent(PLAYER),
  summary: `Make a group (at most ${MAX_GROUP_MEMBERS} members); the caller owns it and gets its invite code`,
  request: {
    body: jsonBody(NewGroupRequestSchema),
  },
  responses: {
    201: jsonAnswer(NewGroupSchema, 'The group and its invite code'),
    ...errorResponses({ 400: 'Invalid name', 401: 'Missing or invalid token' }, NEW_GROUP_REFUSALS),
  },
});

const join = createRoute({
  method: 'post',
  path: '/groups/join',
  operationId: 'joinGroup',
  tags: [TAGS.social.name],
  // Each join with an unknown code is a guess at one: counted before the code is looked up.
  ...limitedBy(PLAYER, [RATE_LIMITS.groupJoinPerPlayer, RATE_LIMITS.groupJoinPerIp]),
  summary: 'Join a group with its invite code',
  request: {
    body: jsonBody(JoinGroupRequestSchema),
  },
  responses: {
    200: jsonAnswer(JoinedGroupSchema, 'Joined'),
    ...errorResponses(
      {
        400: 'Malformed body',
        401: 'Missing or invalid token',
        429: 'Too many joins by this player or from this address or network; see Retry-After',
      },
      JOIN_REFUSALS,
    ),
  },
});

const mine = createRoute({
  method: 'get',
  path: '/players/me/groups',
  operationId: 'listMyGroups',
  tags: [TAGS.social.name],
  ...PLAYER_READ,
  summary: `The groups the caller belongs to (at most ${MAX_GROUPS_PER_PLAYER}), the same on every linked device`,
  responses: {
    200: jsonAnswer(PlayerGroupsSchema, 'The groups'),
    401: jsonError('Missing or invalid token'),
  },
});

const detail = createRoute({
  method: 'get',
  path: '/groups/{id}',
  operationId: 'getGroup',
  tags: [TAGS.social.name],
  ...PLAYER_READ,
  summary: 'A group the caller belongs to, with its members',
  request: { params: GroupIdParam },
  responses: {
    200: jsonAnswer(GroupDetailSchema, 'The group'),
    ...errorResponses({ 400: 'Malformed id', 401: 'Missing or invalid token' }, DETAIL_REFUSALS),
  },
});

const leave = createRoute({
  method: 'delete',
  path: '/groups/{id}/members/me',
  operationId: 'leaveGroup',
  tags: [TAGS.social.name],
  ...PLAYER,
  summary: 'Leave a group (an owner hands it to the longest-standing member; the last one out deletes it)',
  request: { params: GroupIdParam },
  responses: {
    204: { description: 'Left' },
    ...errorResponses({ 400: 'Malformed id', 401: 'Missing or invalid token' }, LEAVE_REFUSALS),
  },
});

const removeMember = createRoute({
  method: 'delete',
  path: '/groups/{id}/members/{playerId}',
  operationId: 'removeGroupMember',
  tags: [TAGS.social.name],
  ...PLAYER,
  summary: 'The owner removes a member',
  request: { params: MemberParams },
  responses: {
    204: { description: 'Removed' },
    ...errorResponses({ 400: 'Malformed id', 401: 'Missing or invalid token' }, OWNER_REFUSALS),
  },
});

const rotate = createRoute({
  method: 'post',
  path: '/groups/{id}/invite-code',
  operationId: 'rotateInviteCode',
  tags: [TAGS.social.name],
  ...PLAYER,
  summary: 'The owner makes a new invite code; the old one stops working',
  request: { params: GroupIdParam },
  responses: {
    200: jsonAnswer(InviteCodeSchema, 'The new code'),
    ...errorResponses({ 400: 'Malformed id', 401: 'Missing or invalid token' }, GROUP_OWNER_REFUSALS),
  },
});

const dissolve = createRoute({
  method: 'delete',
  path: '/groups/{id}',
  operationId: 'deleteGroup',
  tags: [TAGS.social.name],
  ...PLAYER,
  summary: 'The owner deletes the group',
  request: { params: GroupIdParam },
  responses: {
    204: { description: 'Deleted' },
    ...errorResponses({ 400: 'Malformed id', 401: 'Missing or invalid token' }, GROUP_OWNER_REFUSALS),
  },
});

function owned<T>(outcome: OwnerOutcome<T>): T {
  if (!outcome.ok) throw refusal(OWNER_REFUSALS, outcome);
  return outcome.value;
}

export const groupRoutes = routeGroup()
  .openapi(create, async (c) => {
    const outcome = await newGroup(c.var.services, c.var.player.id, c.req.valid('json').name);
    if (!outcome.ok) throw refusal(NEW_GROUP_REFUSALS, outcome);
    return c.json({ group: outcome.group, inviteCode: outcome.inviteCode }, 201);
  })
  .openapi(join, async (c) => {
    const outcome = await joinGroup(c.var.services, c.var.player.id, c.req.valid('json').inviteCode);
    if (!outcome.ok) throw refusal(JOIN_REFUSALS, outcome);
    return c.json({ group: outcome.group }, 200);
  })
  .openapi(mine, async (c) => {
    const groups = await groupsOfPlayer(c.var.services, c.var.player.id);
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json({ groups }, 200);
  })
  .openapi(detail, async (c) => {
    const outcome = await groupDetail(c.var.services, c.var.player.id, c.req.valid('param').id);
    if (!outcome.ok) throw refusal(DETAIL_REFUSALS, outcome);
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(outcome.group, 200);
  })
  .openapi(leave, async (c) => {
    const outcome = await leaveGroup(c.var.services, c.var.player.id, c.req.valid('param').id);
    if (!outcome.ok) throw refusal(LEAVE_REFUSALS, outcome);
    return c.body(null, 204);
  })
  .openapi(removeMember, async (c) => {
    const { id, playerId } = c.req.valid('param');
    owned(await removeFromGroup(c.var.services, c.var.player.id, id, playerId));
    return c.body(null, 204);
  })
  .openapi(rotate, async (c) => {
    const inviteCode = owned(await rotateInvite(c.var.services, c.var.player.id, c.req.valid('param').id));
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json({ inviteCode }, 200);
  })
  .openapi(dissolve, async (c) => {
    owned(await dissolveGroup(c.var.services, c.var.player.id, c.req.valid('param').id));
    return c.body(null, 204);
  });
