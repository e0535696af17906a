/** The reservation screens' cache keys: the player's list, a day of the timeline, the hours. */
export const reservationKeys = {
  all: ['reservations'] as const,
  mine: () => [...reservationKeys.all, 'my'] as const,
  day: (date: string) => [...reservationKeys.all, 'day', date] as const,
  openingHours: () => [...reservationKeys.all, 'opening-hours'] as const,
  settings: () => [...reservationKeys.all, 'settings'] as const,
};
