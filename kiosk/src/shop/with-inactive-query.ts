import { z } from 'zod';

/** `?all=1`: a shop list with what is off sale too (admins only). */
export const ZWithInactiveQuery = z.object({ all: z.enum(['0', '1']).optional() });
