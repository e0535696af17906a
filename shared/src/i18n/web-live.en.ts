/** Texts of the web app's screens for live screens (English). */
export const liveEn = {
  live: {
    title: 'Direkte:Live',
  },
};
