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
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { verifiedUser } from '../http/openapi.ts';
import { waitlistSettings } from '../settings/club-settings.ts';
import { addWalkIn, joinWaitlist } from './join-waitlist.ts';
import { leaveWaitlist, removeEntry } from './leave-waitlist.ts';
import { moveEntry } from './move-entry.ts';
import { readLine, readMyPlace } from './read-waitlist.ts';
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

  defineRoute(app, {
    method: 'get',
    path: '/v1/waitlist',
    tags,
    summary: 'The caller’s place in line, offer and expected wait (entry null when not in line)',
    access: 'user',
    answer: ZMyWaitlist,
    handler: async ({ me }) => readMyPlace(db, me.userId),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/waitlist/join',
    tags,
    summary: 'Join the line with a party; a free table that fits is offered at once',
    access: verifiedUser(db),
    body: ZWaitlistJoinBody,
    answer: ZEntryAnswer,
    handler: async ({ body, me }) => {
      const id = await joinWaitlist(db, me.userId, body.party_size);
      return { entry: await entryAfterMatch(id) };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/waitlist/leave',
    tags,
    summary: 'Leave the line (a table offered to the caller goes to the next party)',
    access: 'user',
    answer: ZOk,
    handler: async ({ me }) => {
      await leaveWaitlist(db, me.userId);
      return {};
    },
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/waitlist/all',
    tags,
    summary: 'The whole line in order, with offers and expected waits (admin)',
    access: 'admin',
    answer: list(ZWaitlistEntry),
    handler: async () => ({ data: await readLine(db) }),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/waitlist/add',
    tags,
    summary: 'Put a walk-in in line by name (admin)',
    access: 'admin',
    body: ZWaitlistAddBody,
    answer: ZEntryAnswer,
    handler: async ({ body }) => {
      const id = await addWalkIn(db, { name: body.name, partySize: body.party_size });
      return { entry: await entryAfterMatch(id) };
    },
  });

  // two ways out of the line, one route each
  for (const { ending, ...route } of [
    { path: '/v1/waitlist/remove', ending: 'removed', summary: 'Take a party out of the line (admin)' },
    {
      path: '/v1/waitlist/seat',
      ending: 'seated',
      summary: 'Mark a party seated by staff; a table held for it is free again (admin)',
    },
  ] as const) {
    defineRoute(app, {
      ...route,
      method: 'post',
      tags,
      access: 'admin',
      body: ZWaitlistIdBody,
      answer: ZOk,
      handler: async ({ body }) => {
        await removeEntry(db, body.id, ending);
        return {};
      },
    });
  }

  defineRoute(app, {
    method: 'post',
    path: '/v1/waitlist/move',
    tags,
    summary: 'Move a waiting party one place up or down (admin)',
    access: 'admin',
    body: ZWaitlistMoveBody,
    answer: ZOk,
    handler: async ({ body }) => {
      await moveEntry(db, body);
      await worker.flush();
      return {};
    },
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/settings/waitlist',
    tags: ['settings'],
    summary: 'How long a freed table is held for the next party on the waitlist',
    access: 'user',
    answer: one('settings', ZWaitlistSettings),
    handler: async () => ({ settings: await waitlistSettings.get(db) }),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/settings/waitlist',
    tags: ['settings'],
    summary: 'Change how long a freed table is held for the next party (admin)',
    access: 'admin',
    body: ZWaitlistSettings,
    answer: one('settings', ZWaitlistSettings),
    handler: async ({ body }) => ({ settings: await waitlistSettings.save(db, body) }),
  });
}
