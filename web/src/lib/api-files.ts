/** Files and printable pages of the API, fetched so that a failure shows where the person is. */
import { useMutation } from '@tanstack/react-query';

/** The file name the server proposes, else the fallback. */
function fileName(response: Response, fallback: string): string {
  const match = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** The file or page with the session cookie; a refusal is an error here, not a page of JSON. */
async function fetchWithSession(path: string, accept: string): Promise<Response> {
  const response = await fetch(path, { headers: { accept }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response;
}

/** Downloads a file of the API (fetch → Blob → a temporary link the browser saves). */
export async function downloadFile(input: { path: string; accept: string; fallbackName: string }): Promise<string> {
  const response = await fetchWithSession(input.path, input.accept);
  const name = fileName(response, input.fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/**
 * Opens a printable page of the API (a report, a receipt) in a new tab. The tab opens at once,
 * while the click still counts as the user's, and gets the page when it has come.
 */
export async function openPrintable(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const response = await fetchWithSession(path, 'text/html');
    const url = URL.createObjectURL(new Blob([await response.text()], { type: 'text/html' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export function useDownloadFile() {
  return useMutation({ mutationFn: downloadFile });
}
export function useOpenPrintable() {
  return useMutation({ mutationFn: openPrintable });
}
