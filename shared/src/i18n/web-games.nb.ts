import type { Texts } from './en.ts';
import type { gamesEn } from './web-games.en.ts';

/** Texts of the web app's screens for tables and games (issue 4) (bokmål). */
export const gamesNb: Texts<typeof gamesEn> = {
  games: {
    title: 'Bord og spill',
  },
};
