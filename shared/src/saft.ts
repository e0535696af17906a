import { z } from './zod.ts';

/** The period of a SAF-T Cash Register export: whole days in the club's time zone, `from` up to and including `to`. */
export const ZSaftQuery = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine((q) => q.from <= q.to, { message: 'validation.min', path: ['to'] })
  .meta({ id: 'SaftQuery' });
export type TSaftQuery = z.infer<typeof ZSaftQuery>;

/** The file name the rules give an export: `SAF-T Cash Register_<org no>_<yyyyMMddHHmmss>.xml`. */
export function saftFileName(organisationNumber: string, createdLocal: { date: string; time: string }): string {
  const stamp = `${createdLocal.date.replaceAll('-', '')}${createdLocal.time.replaceAll(':', '')}`;
  return `SAF-T Cash Register_${organisationNumber}_${stamp}.xml`;
}
