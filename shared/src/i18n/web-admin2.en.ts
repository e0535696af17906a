/** Texts of the web app's screens for the admin console (English). */
export const adminConsoleEn = {
  adminConsole: {
    title: 'Administrasjon:Administration',
  },
};
