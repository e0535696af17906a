import { list, one, ZIdParam, ZOk } from '@club/shared/api';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { ZGame, ZTable, ZTableCreateBody, ZTableUpdateBody, ZTableWithGame } from '@club/shared/tables';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { gameView } from '../games/game-view.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { getTable, listTables } from './list-tables.ts';
import { createTable, deleteTable, updateTable } from './manage-tables.ts';

const tags = ['tables'];

/** DESIGN §4 tables: the list with live status, one with its game, and admin edits. */
export function tableRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/table/all',
      tags,
      summary: 'Every table with its live status and free seats (no personal data)',
      ...access.public,
      responses: answers(list(ZTable)),
    }),
    async (c) => c.json(ok({ data: await listTables(db) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/table/{id}',
      tags,
      summary: 'One table with its running game, players and running totals',
      ...access.user,
      request: { params: ZIdParam },
      responses: answers(one('table', ZTableWithGame)),
    }),
    async (c) => {
      const table = await getTable(db, c.req.valid('param').id);
      const game = table.game_id ? await gameView(db, table.game_id, clock.now()) : null;
      return c.json(ok({ table: { ...table, game } }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/table/{id}/game',
      tags,
      summary: 'The game running at a table (`error.table_game_not_found` when it is free)',
      ...access.user,
      request: { params: ZIdParam },
      responses: answers(one('game', ZGame)),
    }),
    async (c) => {
      const table = await getTable(db, c.req.valid('param').id);
      if (!table.game_id) throw new AppError('error.table_game_not_found');
      return c.json(ok({ game: await gameView(db, table.game_id, clock.now()) }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/table/create',
      tags,
      summary: 'Add a table (admin)',
      ...access.admin,
      request: jsonBody(ZTableCreateBody),
      responses: answers(one('table', ZTable)),
    }),
    async (c) => {
      const id = await createTable(db, c.req.valid('json'));
      return c.json(ok({ table: await getTable(db, id) }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/table/update',
      tags,
      summary: 'Edit a table: name, capacity, price per minute, floor position, active (admin)',
      ...access.admin,
      request: jsonBody(ZTableUpdateBody),
      responses: answers(one('table', ZTable)),
    }),
    async (c) => {
      const { id, ...fields } = c.req.valid('json');
      await updateTable(db, id, fields);
      return c.json(ok({ table: await getTable(db, id) }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/table/delete/{id}',
      tags,
      summary: 'Delete a table without a running game (admin)',
      ...access.admin,
      request: { params: ZIdParam },
      responses: answers(ZOk),
    }),
    async (c) => {
      await deleteTable(db, c.req.valid('param').id);
      return c.json(ok(), 200);
    },
  );
}
