/** Texts of reservations, opening hours and out-of-order tables (English). */
export const bookingEn = {
  booking: {
    mail: {
      subject: 'Your table is waiting: {{time}}',
      body: 'Your table {{table}} at {{club}} is reserved for you {{time}}. From 15 minutes before, only you can start it; if you do not come within the grace time it is given to others.',
      link: 'My reservations',
    },
  },
};
