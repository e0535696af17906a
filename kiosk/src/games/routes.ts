import { one, ZIdParam } from '@club/shared/api';
import { clock } from '@club/shared/clock';
import { ZLeaveAnswerExtra } from '@club/shared/devices';
import { ZGame, ZGameIdBody, ZJoinBody, ZJoinGuestBody, ZKickBody, ZSwitchTableBody } from '@club/shared/tables';
import { zId } from '@club/shared/validation';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { players } from '../db/schema.ts';
import { closingReminder, refuseUnpaidHost } from '../devices/unstaffed.ts';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody, verifiedUser } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { committedGame } from '../outbox/request-events.ts';
import { seatCompanions } from '../waitlist/seat-party.ts';
import { gameView } from './game-view.ts';
import { joinGame } from './join-game.ts';
import { joinGuest } from './join-guest.ts';
import { kickPlayer, leaveGame } from './leave-game.ts';
import { setPaused } from './pause-game.ts';
import { switchTable } from './switch-table.ts';

const tags = ['games'];
const ZGameAnswer = one('game', ZGame);
const ZOrderIdAnswer = one('order_id', z.number().int().nullable());

/** DESIGN §4 games: join, guests, pause, leave, switch, kick, mine and one. */
export function gameRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  // a write answers with the game as its transaction left it, when that was read already
  const view = async (gameId: number) => committedGame(gameId) ?? gameView(db, gameId, clock.now());

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/game/active',
      tags,
      summary: 'The game the caller is playing, or null',
      ...access.user,
      responses: answers(one('game', ZGame.nullable())),
    }),
    async (c) => {
      const [seat] = await db
        .select({ gameId: players.gameId })
        .from(players)
        .where(and(eq(players.userId, caller(c).userId), eq(players.status, 'joined')))
        .limit(1);
      return c.json(ok({ game: seat ? await view(seat.gameId) : null }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/game/{id}',
      tags,
      summary: 'One game with its players and running totals',
      ...access.user,
      request: { params: ZIdParam },
      responses: answers(ZGameAnswer),
    }),
    async (c) => c.json(ok({ game: await view(c.req.valid('param').id) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/game/join',
      tags,
      summary:
        'Join the game at a table, or start one at a free table; taking a table held for one’s waitlist party seats the whole party (the rest as guests)',
      ...verifiedUser(db),
      request: jsonBody(ZJoinBody),
      responses: answers(ZGameAnswer),
    }),
    async (c) => {
      const { userId } = caller(c);
      const tableId = c.req.valid('json').table_id;
      const { gameId, party } = await joinGame(db, userId, tableId);
      if (party === 1) return c.json(ok({ game: await view(gameId) }), 200);
      await seatCompanions(db, userId, gameId, party);
      return c.json(ok({ game: await gameView(db, gameId, clock.now()) }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/game/join-guest',
      tags,
      summary: 'Add a guest by name; their time goes on the caller’s bill',
      ...verifiedUser(db),
      request: jsonBody(ZJoinGuestBody),
      responses: answers(ZGameAnswer),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const gameId = await joinGuest(db, caller(c).userId, { gameId: body.game_id, name: body.name });
      return c.json(ok({ game: await view(gameId) }), 200);
    },
  );

  for (const [path, paused] of [
    ['/v1/game/pause', true],
    ['/v1/game/unpause', false],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags,
        summary: paused ? 'Pause the game (time stops for everyone at the table)' : 'Resume the game',
        ...access.user,
        request: jsonBody(ZGameIdBody),
        responses: answers(ZGameAnswer),
      }),
      async (c) => {
        const { game_id } = c.req.valid('json');
        return c.json(ok({ game: await setPaused(db, caller(c), game_id, paused) }), 200);
      },
    );
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/game/leave',
      tags,
      summary: 'Leave with one’s guests → the new waiting order; with `player_id` of a guest, only that guest leaves',
      ...access.user,
      request: jsonBody(ZGameIdBody.extend({ player_id: zId().optional() })),
      responses: answers(ZOrderIdAnswer.extend(ZLeaveAnswerExtra.shape)),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const by = caller(c);
      // unstaffed hours (DESIGN §14): no leaving guests' time behind, and the last one out is reminded
      if (body.player_id === undefined) await refuseUnpaidHost(db, by, body.game_id);
      const orderId = await leaveGame(db, by, { gameId: body.game_id, playerId: body.player_id });
      const closing = body.player_id === undefined && (await closingReminder(db, by));
      return c.json(ok({ order_id: orderId, closing }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/game/switch-table',
      tags,
      summary: 'Move to another table with one’s guests; the bill runs on',
      ...access.user,
      request: jsonBody(ZSwitchTableBody),
      responses: answers(ZGameAnswer),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const gameId = await switchTable(db, caller(c), { gameId: body.game_id, tableId: body.table_id });
      return c.json(ok({ game: await view(gameId) }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/game/kick',
      tags,
      summary: 'Remove a player (admin); a host’s time becomes their waiting order',
      ...access.admin,
      request: jsonBody(ZKickBody),
      responses: answers(ZOrderIdAnswer),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const orderId = await kickPlayer(db, caller(c), { gameId: body.game_id, playerId: body.player_id });
      return c.json(ok({ order_id: orderId }), 200);
    },
  );
}
