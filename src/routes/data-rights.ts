import { createRoute, z } from '@hono/zod-openapi';
import { CACHE_CONTROL } from '../http/cache.js';
import { erasePlayer, exportPlayer } from '../play/data-rights.js';
import { PLAYER_EVEN_IF_BANNED } from './access.js';
import { jsonAnswer } from './json.js';
import { routeGroup } from './route-group.js';
import { jsonError } from './schemas.js';
import { TAGS } from './tags.js';

const exportRoute = createRoute({
  method: 'get',
  path: '/players/me/export',
  operationId: 'exportMe',
  tags: [TAGS.data.name],
  ...PLAYER_EVEN_IF_BANNED,
  summary: 'Everything stored about the caller, as JSON',
  description:
    'The player, its tokens (ids, never the tokens), link codes, sessions, every submission with its move ' +
    'log (a `pending` or `flagged` one with its plain `review` reason, never the check that held it), ratings, follows both ways, groups, and moderation actions that name it. Other ' +
    'players appear only as the caller may see them (their board visibility): a follow of or by a hidden ' +
    'player, or a `followers` one that does not follow back, is left out, so no hidden player’s id is listed. ' +
    'A banned player may export its data too.',
  responses: {
    200: jsonAnswer(z.record(z.string(), z.unknown()).openapi('PlayerExport'), 'The export'),
    401: jsonError('Missing or invalid token'),
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/players/me',
  operationId: 'deleteMe',
  tags: [TAGS.data.name],
  ...PLAYER_EVEN_IF_BANNED,
  summary: 'Delete the caller: its personal data goes, its solves keep their places under a hidden stand-in',
  description:
    'Removes the name, time zone, tokens, link codes, sessions, ratings, follows and group memberships (an ' +
    'owned group passes to its longest-standing member); the solves are kept, so that other players keep ' +
    'their ranks and puzzles their rating games, but under a new id that nothing ties to the player, and ' +
    'without move logs. Every token of the player is refused from then on. A banned player may delete itself ' +
    'too; its solves then stay banned under the stand-in.',
  responses: {
    204: { description: 'Deleted' },
    401: jsonError('Missing or invalid token'),
  },
});

export const dataRightsRoutes = routeGroup()
  .openapi(exportRoute, async (c) => {
    c.header('Cache-Control', CACHE_CONTROL.private);
    c.header('Content-Disposition', 'attachment; filename="daily-puzzles-export.json"');
    return c.json(await exportPlayer(c.var.services, c.var.player.id), 200);
  })
  .openapi(deleteRoute, async (c) => {
    await erasePlayer(c.var.services, c.var.player.id);
    return c.body(null, 204);
  });
