import { list, one, ZOk } from '@club/shared/api';
import { AppError } from '@club/shared/errors';
import {
  ZMyWaitlist,
  ZWaitlistAddBody,
  ZWaitlistEntry,
  ZWaitlistIdBody,
  ZWaitlistJoinBody,
  ZWaitlistMoveBody,
  ZWaitlistSettings,
} from '@club/shared/waitlist';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody, verifiedUser } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { addWalkIn, joinWaitlist } from './join-waitlist.ts';
import { leaveWaitlist, removeEntry } from './leave-waitlist.ts';
import { moveEntry } from './move-entry.ts';
import { readLine, readMyPlace } from './read-waitlist.ts';
import { getWaitlistSettings, saveWaitlistSettings } from './waitlist-settings.ts';
import type { WaitlistWorker } from './waitlist-worker.ts';

const tags = ['waitlist'];
const ZEntryAnswer = one('entry', ZWaitlistEntry);

/** DESIGN §13 waitlist: a player's place in line, and staff managing the line. */
export function waitlistRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps, worker: WaitlistWorker): void {
  /** a change to the line answers after the waitlist looked at it: a free table is offered at once */
  const entryAfterMatch = async (id: number) => {
    await worker.flush();
    const entry = (await readLine(db)).find((e) => e.id === id);
    if (!entry) throw new AppError('error.waitlist_entry_not_found');
    return entry;
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/waitlist',
      tags,
      summary: 'The caller’s place in line, offer and expected wait (entry null when not in line)',
      ...access.user,
      responses: answers(ZMyWaitlist),
    }),
    async (c) => c.json(ok(await readMyPlace(db, caller(c).userId)), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/waitlist/join',
      tags,
      summary: 'Join the line with a party; a free table that fits is offered at once',
      ...verifiedUser(db),
      request: jsonBody(ZWaitlistJoinBody),
      responses: answers(ZEntryAnswer),
    }),
    async (c) => {
      const id = await joinWaitlist(db, caller(c).userId, c.req.valid('json').party_size);
      return c.json(ok({ entry: await entryAfterMatch(id) }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/waitlist/leave',
      tags,
      summary: 'Leave the line (a table offered to the caller goes to the next party)',
      ...access.user,
      responses: answers(ZOk),
    }),
    async (c) => {
      await leaveWaitlist(db, caller(c).userId);
      return c.json(ok(), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/waitlist/all',
      tags,
      summary: 'The whole line in order, with offers and expected waits (admin)',
      ...access.admin,
      responses: answers(list(ZWaitlistEntry)),
    }),
    async (c) => c.json(ok({ data: await readLine(db) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/waitlist/add',
      tags,
      summary: 'Put a walk-in in line by name (admin)',
      ...access.admin,
      request: jsonBody(ZWaitlistAddBody),
      responses: answers(ZEntryAnswer),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const id = await addWalkIn(db, { name: body.name, partySize: body.party_size });
      return c.json(ok({ entry: await entryAfterMatch(id) }), 200);
    },
  );

  for (const [path, ending, summary] of [
    ['/v1/waitlist/remove', 'removed', 'Take a party out of the line (admin)'],
    ['/v1/waitlist/seat', 'seated', 'Mark a party seated by staff; a table held for it is free again (admin)'],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags,
        summary,
        ...access.admin,
        request: jsonBody(ZWaitlistIdBody),
        responses: answers(ZOk),
      }),
      async (c) => {
        await removeEntry(db, c.req.valid('json').id, ending);
        return c.json(ok(), 200);
      },
    );
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/waitlist/move',
      tags,
      summary: 'Move a waiting party one place up or down (admin)',
      ...access.admin,
      request: jsonBody(ZWaitlistMoveBody),
      responses: answers(ZOk),
    }),
    async (c) => {
      await moveEntry(db, c.req.valid('json'));
      await worker.flush();
      return c.json(ok(), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/settings/waitlist',
      tags: ['settings'],
      summary: 'How long a freed table is held for the next party on the waitlist',
      ...access.user,
      responses: answers(one('settings', ZWaitlistSettings)),
    }),
    async (c) => c.json(ok({ settings: await getWaitlistSettings(db) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/settings/waitlist',
      tags: ['settings'],
      summary: 'Change how long a freed table is held for the next party (admin)',
      ...access.admin,
      request: jsonBody(ZWaitlistSettings),
      responses: answers(one('settings', ZWaitlistSettings)),
    }),
    async (c) => c.json(ok({ settings: await saveWaitlistSettings(db, c.req.valid('json')) }), 200),
  );
}
