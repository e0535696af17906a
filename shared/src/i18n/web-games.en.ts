/** Texts of the web app's screens for tables and games (issue 4) (English). */
export const gamesEn = {
  games: {
    title: 'Tables and games',
  },
};
