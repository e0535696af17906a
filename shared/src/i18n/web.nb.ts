import type { WebResources } from './web.en.ts';

/** Texts of the web app's screens (bokmål). */
export const webNb: WebResources = {
  app: { name: 'Cue Club' },
};
