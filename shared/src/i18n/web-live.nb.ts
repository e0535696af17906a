import type { Texts } from './en.ts';
import type { liveEn } from './web-live.en.ts';

/** Texts of the web app's screens for live screens (bokmål). */
export const liveNb: Texts<typeof liveEn> = {
  live: {
    title: ' socket client, admin floor plan, wall TV (issue 5)',
  },
};
