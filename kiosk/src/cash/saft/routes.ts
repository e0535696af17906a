import { ZOk } from '@club/shared/api';
import { saftFileName, ZSaftQuery } from '@club/shared/saft';
import { z } from '@club/shared/zod';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../../http/context.ts';
import { defineRoute } from '../../http/define-route.ts';
import { localDateTime } from '../journal.ts';
import { saftScope } from './scope.ts';
import { byteStream, saftChunks } from './stream.ts';

/** DESIGN §12: the electronic journal of a period as a SAF-T Cash Register file. */
export function saftRoutes(app: OpenAPIHono<AppEnv>, { db, logger }: Pick<Deps, 'db' | 'logger'>): void {
  defineRoute(app, {
    method: 'get',
    path: '/v1/cash/saft',
    tags: ['cash register'],
    summary:
      'The journal of whole days (club time) as a SAF-T Cash Register XML file, streamed; its signatures verify with the public key (admin)',
    access: 'admin',
    query: ZSaftQuery,
    answer: ZOk,
    formats: { 'application/xml': z.string() },
    json: false,
    description: 'The file, named `SAF-T Cash Register_<org no>_<yyyyMMddHHmmss>.xml`',
    handler: async ({ c, query, me }) => {
      const scope = await saftScope(db, query, me.userId);
      const name = saftFileName(scope.club.organisation_number, localDateTime(scope.createdAt));
      // the head is sent before the journal is read: a failure past it can only cut the file short
      const body = byteStream(saftChunks(db, scope), (error) =>
        logger.error({ err: error, path: c.req.path }, 'SAF-T export failed'),
      );
      return c.body(body, 200, {
        'content-type': 'application/xml; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
      });
    },
  });
}
