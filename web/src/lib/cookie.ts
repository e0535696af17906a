/** Tiny cookie helpers: the login lives in a cookie named `token` (SPEC §6, §9). */
export interface CookieOptions {
  /** lifetime in seconds */
  maxAge?: number;
  path?: string;
}

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

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `path=${options.path ?? '/'}`,
    'SameSite=Lax',
  ];
  if (options.maxAge !== undefined) {
    parts.push(`max-age=${options.maxAge}`);
    parts.push(`expires=${new Date(Date.now() + options.maxAge * 1000).toUTCString()}`);
  }
  if (window.location.protocol === 'https:') parts.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the token cookie is the SPEC's logged-in state
  document.cookie = parts.join('; ');
}

export function removeCookie(name: string, path = '/'): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie
  document.cookie = `${encodeURIComponent(name)}=; path=${path}; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}
