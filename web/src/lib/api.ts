import { type ApiError, createApiClient } from './api-client.ts';
import { schemaChecks } from './checks.ts';
import { afterFirstScreen } from './first-screen.ts';
import { fieldLabel, hasText, i18n, i18nReady } from './i18n.ts';
import { currentPath, navigateTo } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { endLogin, loginEpoch } from './session.ts';
import { notifyError } from './toast.ts';

declare global {
  interface Window {
    /** the first screen's API reads, started by index.html's preload script (web/plugins/preload-first-screen.ts) */
    __firstReads?: { at: number; reads: Record<string, Promise<Response> | undefined> };
  }
}

/** An early read older than this is not used: the screen asks again for fresh data. */
const FIRST_READ_FRESH_MS = 10_000;

/**
 * A read the page started, for the first identical GET: only while the login is still the
 * one the page was opened with (a read asked without a login answers for no one after it).
 */
function firstRead(url: string): Promise<Response> | undefined {
  const first = window.__firstReads;
  if (!first || performance.now() - first.at > FIRST_READ_FRESH_MS) return undefined;
  if (loginEpoch() !== 0) {
    window.__firstReads = undefined;
    return undefined;
  }
  const read = first.reads[url];
  delete first.reads[url];
  return read;
}

/**
 * A refusal as an error toast in the person's language. The first screen's reads start
 * before the texts have loaded (main.tsx), so the toast waits for them: a refused early
 * profile read would otherwise show its bare key, or nothing.
 */
export function notifyApiError(error: ApiError): void {
  void i18nReady.then(() => refusalText(error)).then((text) => notifyError(text, error.key ?? `http-${error.status}`));
}

/** How long a form may take to mark the fields of a refusal it was answered (its `onError`). */
const MARKING_MS = 50;

/**
 * "Check the highlighted fields" only when the screen has marked one; a refusal of fields the
 * screen does not mark (a limit the form cannot know, a field it does not have) says each
 * field's own rule in words instead: "Antall spillere er under det som er tillatt."
 */
async function refusalText(error: ApiError): Promise<string> {
  if (!error.key) return i18n.t('common.error_code', { code: error.status });
  const rules = Object.entries(error.fields);
  if (error.key !== 'error.validation_failed' || rules.length === 0) return i18n.t(error.key);
  await new Promise((resolve) => setTimeout(resolve, MARKING_MS));
  if (document.querySelector('[aria-invalid="true"]')) return i18n.t(error.key);
  return rules
    .map(([name, rule]) => i18n.t(hasText(rule) ? rule : 'validation.invalid', { field: fieldLabel(i18n.t, name) }))
    .join(' ');
}

/** The app's API client, wired to the login, the router, toasts and i18n. */
export const api = createApiClient({
  loginEpoch,
  clearSession() {
    endLogin();
    queryClient.clear();
  },
  navigate: navigateTo,
  currentPath,
  notifyError: notifyApiError,
  firstRead,
  // the answers' schemas (and zod) are neither on the way to the first screen nor on its thread
  check: (schema, answer) => schemaChecks.check(`answer:${schema}`, answer),
  firstScreenUp: () => afterFirstScreen(queryClient),
  log(message, detail) {
    console.error(`[api] ${message}`, detail);
  },
});
