import { one, ZIdParam } from '@club/shared/api';
import { clock } from '@club/shared/clock';
import { ZLeaveAnswerExtra } from '@club/shared/devices';
import { ZGame, ZGameIdBody, ZJoinBody, ZJoinGuestBody, ZKickBody, ZSwitchTableBody } from '@club/shared/tables';
import { zId } from '@club/shared/validation';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { players } from '../db/schema.ts';
import { closingReminder, refuseUnpaidHost } from '../devices/unstaffed.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { verifiedUser } from '../http/openapi.ts';
import { committedGame } from '../outbox/request-events.ts';
import { seatCompanions } from '../waitlist/seat-party.ts';
import { gameFor } from './game-audience.ts';
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

  defineRoute(app, {
    method: 'get',
    path: '/v1/game/active',
    tags,
    summary: 'The game the caller is playing, or null',
    access: 'user',
    answer: one('game', ZGame.nullable()),
    handler: async ({ me }) => {
      const [seat] = await db
        .select({ gameId: players.gameId })
        .from(players)
        .where(and(eq(players.userId, me.userId), eq(players.status, 'joined')))
        .limit(1);
      return { game: seat ? await view(seat.gameId) : null };
    },
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/game/{id}',
    tags,
    summary: 'One game with its players and running totals, for its players and staff',
    access: 'user',
    params: ZIdParam,
    answer: ZGameAnswer,
    handler: async ({ params, me }) => ({ game: gameFor(me, await view(params.id)) }),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/game/join',
    tags,
    summary:
      'Join the game at a table, or start one at a free table; taking a table held for one’s waitlist party seats the whole party (the rest as guests)',
    access: verifiedUser(db),
    body: ZJoinBody,
    answer: ZGameAnswer,
    handler: async ({ body, me }) => {
      const { userId } = me;
      const tableId = body.table_id;
      const { gameId, party } = await joinGame(db, userId, tableId);
      if (party === 1) return { game: await view(gameId) };
      await seatCompanions(db, userId, gameId, party);
      return { game: await gameView(db, gameId, clock.now()) };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/game/join-guest',
    tags,
    summary: 'Add a guest by name; their time goes on the caller’s bill',
    access: verifiedUser(db),
    body: ZJoinGuestBody,
    answer: ZGameAnswer,
    handler: async ({ body, me }) => {
      const gameId = await joinGuest(db, me.userId, { gameId: body.game_id, name: body.name });
      return { game: await view(gameId) };
    },
  });

  for (const [path, paused] of [
    ['/v1/game/pause', true],
    ['/v1/game/unpause', false],
  ] as const) {
    defineRoute(app, {
      method: 'post',
      path,
      tags,
      summary: paused ? 'Pause the game (time stops for everyone at the table)' : 'Resume the game',
      access: 'user',
      body: ZGameIdBody,
      answer: ZGameAnswer,
      handler: async ({ body, me }) => {
        const { game_id } = body;
        return { game: await setPaused(db, me, game_id, paused) };
      },
    });
  }

  defineRoute(app, {
    method: 'post',
    path: '/v1/game/leave',
    tags,
    summary: 'Leave with one’s guests → the new waiting order; with `player_id` of a guest, only that guest leaves',
    access: 'user',
    body: ZGameIdBody.extend({ player_id: zId().optional() }),
    answer: ZOrderIdAnswer.extend(ZLeaveAnswerExtra.shape),
    handler: async ({ body, me }) => {
      // unstaffed hours (DESIGN §14): no leaving guests' time behind, and the last one out is reminded
      if (body.player_id === undefined) await refuseUnpaidHost(db, me, body.game_id);
      const orderId = await leaveGame(db, me, { gameId: body.game_id, playerId: body.player_id });
      const closing = body.player_id === undefined && (await closingReminder(db, me));
      return { order_id: orderId, closing };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/game/switch-table',
    tags,
    summary: 'Move to another table with one’s guests; the bill runs on',
    access: 'user',
    body: ZSwitchTableBody,
    answer: ZGameAnswer,
    handler: async ({ body, me }) => {
      const gameId = await switchTable(db, me, { gameId: body.game_id, tableId: body.table_id });
      return { game: await view(gameId) };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/game/kick',
    tags,
    summary: 'Remove a player (admin); a host’s time becomes their waiting order',
    access: 'admin',
    body: ZKickBody,
    answer: ZOrderIdAnswer,
    handler: async ({ body, me }) => {
      const orderId = await kickPlayer(db, me, { gameId: body.game_id, playerId: body.player_id });
      return { order_id: orderId };
    },
  });
}
