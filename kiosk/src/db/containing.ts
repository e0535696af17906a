/**
 * The LIKE pattern of text that contains `term` as typed: its `%`, `_` and `\` are the
 * characters themselves (a search for "50%" or "a_b"), not wildcards.
 */
export function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}
