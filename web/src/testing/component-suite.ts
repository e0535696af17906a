import { afterEach, beforeEach, vi } from 'vitest';
import { loadTextGroups, setLocale, type TextGroup } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { endLogin } from '../lib/session.ts';
import { cleanUpComponent } from './render.tsx';

/** A `describe`'s hooks, so each test starts in Norwegian with `texts` and an empty cache, and inherits no tree, login or spy. */
export function componentSuite({
  texts = [],
  quietErrors = true,
}: {
  texts?: readonly TextGroup[];
  /** mutes `console.error`, where the API client logs each failed read (on unless false) */
  quietErrors?: boolean;
} = {}) {
  beforeEach(async () => {
    if (quietErrors) vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setLocale('nb');
    if (texts.length > 0) await loadTextGroups(texts);
    queryClient.clear();
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
    vi.restoreAllMocks();
  });
}
