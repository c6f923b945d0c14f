import { createRoute, z } from '@hono/zod-openapi';
import { PlayerEvidenceSchema } from '../contract/player-evidence.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { type EvidenceOutcome, playerEvidence } from '../play/player-evidence.js';
import { ADMIN } from './access.js';
import { jsonAnswer } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { routeGroup } from './route-group.js';
import { playerIdParam } from './schemas.js';
import { TAGS } from './tags.js';

const EVIDENCE_REFUSALS = {
  not_found: [404, 'not_found', (_, { id }) => `There is no player ${id}`, { doc: 'No such player' }],
} as const satisfies Refusals<Failed<EvidenceOutcome>, { id: string }>;

const evidence = createRoute({
  method: 'get',
  path: '/admin/players/{id}/evidence',
  operationId: 'playerEvidence',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: 'One player as a moderator judges it: history, pace, held solves, networks, devices, record',
  description:
    'Days of play and account age on the server clock; every ranked solve by kind and level with its pace ' +
    '(counted time over the benchmark); the pending and flagged solves with the gap before each move and ' +
    'the floor and elite line they were held to; how many networks (/24 or /48) its sessions began from, ' +
    'as counts (no address is kept); its devices; earlier moderation from the audit log; and the pace ' +
    'signals that put it on the suspects list.',
  request: { params: z.object({ id: playerIdParam('id') }) },
  responses: {
    200: jsonAnswer(PlayerEvidenceSchema, 'The evidence'),
    ...errorResponses({ 400: 'Malformed id', 401: 'Missing or wrong admin token' }, EVIDENCE_REFUSALS),
  },
});

export const playerEvidenceRoutes = routeGroup().openapi(evidence, async (c) => {
  const { id } = c.req.valid('param');
  const outcome = await playerEvidence(c.var.services, id);
  if (!outcome.ok) throw refusal(EVIDENCE_REFUSALS, outcome, { id });
  c.header('Cache-Control', CACHE_CONTROL.private);
  return c.json(outcome.evidence, 200);
});
