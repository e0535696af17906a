import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { PgliteDatabase, PgliteTransaction } from 'drizzle-orm/pglite';
import type * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction on it: services take this. */
export type Executor = Db | Tx;

/** Whether `db` works on the embedded database (PGlite), outside a transaction or in one. */
export const onEmbedded = (db: Executor): boolean => db instanceof PgliteDatabase || db instanceof PgliteTransaction;
