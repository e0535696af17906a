/**
 * The Lighthouse bench's phone: the club's side (this process, the server, the evening) keeps
 * off one CPU, which the browser has to itself (and the others when they are free). A player's
 * phone does not share its CPU with the club's server; on one machine an evening's load would
 * otherwise slow the page's own work, which Lighthouse then multiplies by its 4× CPU slowdown
 * as if the page did it. (A browser held to one CPU is slower than a phone: its own processes
 * would share it.) Where the browser runs on the club's CPU too, the club yields to it
 * (`lowestPriority` in lib.ts).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PhoneCpu {
  /** the browser to launch: on every CPU, out of this process's (the club's) where that was possible */
  chromePath: string;
  /** one line for the report and the log */
  note: string;
  /** the browser's profile, where it runs as another user (who must own it) */
  userDataDir?: string;
}

/** The unprivileged user a root bench runs the browser as (`nobody` on Debian). */
const USER = 65534;

/**
 * Run by root, Chromium raises its browser, GPU, compositor and IO threads (nice -8) over the
 * page's main thread (0), so the page ran a third of the time it waited during the first render
 * (a trace: 117 ms wall, 38 ms of the thread's CPU). With only that privilege taken away, it is
 * still root, so it believes it can raise a priority again: it lowered each renderer it started
 * in the background to nice 5 and could not raise it when the page was shown, and the page's
 * thread then waited for a CPU as long as it ran (schedstat over one load: 750 ms running,
 * 721 ms waiting). A user's browser does neither: as root, the browser runs as an unprivileged
 * user, with a home and a profile of its own.
 */
function asAUser(): { prefix: string; userDataDir?: string } {
  if (process.getuid?.() !== 0) return { prefix: '' };
  try {
    execFileSync('setpriv', ['--version'], { stdio: 'ignore' });
  } catch {
    return { prefix: '' };
  }
  const home = mkdtempSync(join(tmpdir(), 'lighthouse-user-'));
  const userDataDir = join(home, 'profile');
  mkdirSync(userDataDir);
  for (const dir of [home, userDataDir]) chownSync(dir, USER, USER);
  return {
    prefix: `setpriv --reuid=${USER} --regid=${USER} --clear-groups env HOME='${home}' `,
    userDataDir,
  };
}

export function phoneCpu(chrome: string): PhoneCpu {
  const user = asAUser();
  const cpus = availableParallelism();
  const phone = cpus - 1;
  const club = cpus === 2 ? '0' : `0-${cpus - 2}`;
  let note = `server, evening and Lighthouse on CPU ${club}, the browser (the phone) on any, CPU ${phone} its own`;
  let pin = `taskset -c 0-${phone} `;
  try {
    if (cpus < 2) throw new Error('one CPU');
    // every thread of this process; the server and the evening are spawned later and inherit it
    execFileSync('taskset', ['-a', '-p', '-c', club, String(process.pid)], { stdio: 'ignore' });
  } catch {
    note = cpus < 2 ? 'browser and club share the one CPU' : 'browser and club share the CPUs (taskset is missing)';
    pin = '';
  }
  if (user.prefix) note += '; the browser runs as an unprivileged user';
  // the browser would inherit the club's CPUs from this process; its processes all descend
  // from the one launched here
  const wrapper = join(mkdtempSync(join(tmpdir(), 'lighthouse-phone-')), 'chromium');
  writeFileSync(wrapper, `#!/bin/sh\nexec ${user.prefix}${pin}'${chrome}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  return { chromePath: wrapper, note, ...(user.userDataDir ? { userDataDir: user.userDataDir } : {}) };
}
