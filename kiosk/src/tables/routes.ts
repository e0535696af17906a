import { list, one, ZIdParam, ZOk } from '@club/shared/api';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { lineupOf } from '@club/shared/game-seats';
import { ZGame, ZTable, ZTableCreateBody, ZTableUpdateBody, ZTableWithGame } from '@club/shared/tables';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { gameFor, mayReadGame } from '../games/game-audience.ts';
import { gameView } from '../games/game-view.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { getTable, listTables } from './list-tables.ts';
import { createTable, deleteTable, updateTable } from './manage-tables.ts';
import { tableFor } from './table-audience.ts';

const tags = ['tables'];

/** DESIGN §4 tables: the list with live status, one with its game, and admin edits. */
export function tableRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  defineRoute(app, {
    method: 'get',
    path: '/v1/table/all',
    tags,
    summary: 'Every table with its live status and free seats (no personal data; the light relays for staff)',
    access: 'public',
    answer: list(ZTable),
    handler: async ({ c }) => ({ data: (await listTables(db)).map((table) => tableFor(c.get('auth'), table)) }),
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/table/{id}',
    tags,
    summary: 'One table with who plays at it; its running game with the bills only for that game’s players and staff',
    access: 'user',
    params: ZIdParam,
    answer: one('table', ZTableWithGame),
    handler: async ({ params, me }) => {
      const table = await getTable(db, params.id);
      const game = table.game_id ? await gameView(db, table.game_id, clock.now()) : null;
      const mine = game && mayReadGame(me, game) ? game : null;
      return { table: { ...tableFor(me, table), game: mine, lineup: lineupOf(game) } };
    },
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/table/{id}/game',
    tags,
    summary: 'The game running at a table, for its players and staff (`error.table_game_not_found` when it is free)',
    access: 'user',
    params: ZIdParam,
    answer: one('game', ZGame),
    handler: async ({ params, me }) => {
      const table = await getTable(db, params.id);
      if (!table.game_id) throw new AppError('error.table_game_not_found');
      return { game: gameFor(me, await gameView(db, table.game_id, clock.now())) };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/table/create',
    tags,
    summary: 'Add a table (admin)',
    access: 'admin',
    body: ZTableCreateBody,
    answer: one('table', ZTable),
    handler: async ({ body, me }) => {
      const id = await createTable(db, body, me.userId);
      return { table: await getTable(db, id) };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/table/update',
    tags,
    summary: 'Edit a table: name, capacity, price per minute, floor position, active (admin)',
    access: 'admin',
    body: ZTableUpdateBody,
    answer: one('table', ZTable),
    handler: async ({ body, me }) => {
      const { id, ...fields } = body;
      await updateTable(db, id, fields, me.userId);
      return { table: await getTable(db, id) };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/table/delete/{id}',
    tags,
    summary: 'Delete a table without a running game (admin)',
    access: 'admin',
    params: ZIdParam,
    answer: ZOk,
    handler: async ({ params }) => {
      await deleteTable(db, params.id);
      return {};
    },
  });
}
