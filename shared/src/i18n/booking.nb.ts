import type { bookingEn } from './booking.en.ts';
import type { Texts } from './en.ts';

/** Texts of reservations, opening hours and out-of-order tables (bokmål). */
export const bookingNb: Texts<typeof bookingEn> = {
  booking: {
    mail: {
      subject: 'Bordet ditt venter: {{time}}',
      body: 'Bord {{table}} hos {{club}} er reservert til deg {{time}}. Fra 15 minutter før kan bare du starte det; kommer du ikke innen fristen, går det til andre.',
      link: 'Mine reservasjoner',
    },
  },
};
