/**
 * The SQLSTATE of a database error, from node-postgres or PGlite directly or from the error
 * Drizzle wraps around it (`cause`).
 */
export const sqlStateOf = (error: unknown): string | undefined =>
  (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;

/** A unique index refused the row: someone else took that value first. */
export const UNIQUE_VIOLATION = '23505';
