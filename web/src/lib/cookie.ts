/** Tiny cookie helpers: the app reads the kiosk's `logged_in` cookie (lib/session.ts). */

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      const value = decodeURIComponent(item.slice(prefix.length));
      return value === '' ? null : value;
    }
  }
  return null;
}

export function removeCookie(name: string, path = '/'): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the kiosk's readable `logged_in` cookie, dropped at once when the login ends
  document.cookie = `${encodeURIComponent(name)}=; path=${path}; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}
