/** Texts of the web app's screens (English). The app's name is the club's, set here once. */
export const webEn = {
  app: { name: 'Cue Club' },
};
export type WebResources = { [K in keyof typeof webEn]: { [L in keyof (typeof webEn)[K]]: string } };
