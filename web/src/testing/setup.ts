import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { endLogin } from '../lib/session.ts';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: resetting the test document's cookies
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  // and the login as last read (lib/session.ts keeps it a moment)
  endLogin();
});
