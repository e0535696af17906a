import { createHash } from 'node:crypto';

/**
 * A worker that builds a date formatter (the one `@club/shared/time-zone` builds, for UTC) and
 * a plural rule, and ends. The first `Intl` formatter a page builds loads the browser's date and
 * number data (ICU): 25–35 ms on the page's thread. The data is the page's process's, shared by
 * its threads: after this worker has run, the page's first formatter (the TV's clock in the
 * club's time zone) takes about a millisecond. The first screen's preload script starts it
 * (preload-first-screen.ts), while the screen's code and reads download; a worker started by the
 * app's code came too late on a busy phone, and a `blob:` worker waited for the browser's main
 * thread to register its URL.
 */
const SOURCE = `new Intl.DateTimeFormat('en-US',{timeZone:'UTC',hourCycle:'h23',year:'numeric',month:'2-digit',day:'2-digit',hour:'2-digit',minute:'2-digit',second:'2-digit'}).formatToParts(0);new Intl.PluralRules('nb').select(1);close()`;

export const warmIntlWorker = {
  fileName: `assets/warm-intl-${createHash('sha256').update(SOURCE).digest('hex').slice(0, 8)}.js`,
  source: SOURCE,
};
