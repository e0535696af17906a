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
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PhoneCpu {
  /** the browser to launch: on every CPU, out of this process's (the club's) where that was possible */
  chromePath: string;
  /** one line for the report and the log */
  note: string;
}

/**
 * Run by root, Chromium raises its browser, GPU, compositor and IO threads (nice -8) over the
 * page's main thread (0), so the page ran a third of the time it waited during the first render
 * (a trace: 117 ms wall, 38 ms of the thread's CPU). A user's browser cannot raise a thread, and
 * neither can a phone's page be starved by its own browser on a core of its own: as root, the
 * browser runs without the privilege to raise priorities (`setpriv`), as a user's would.
 */
function asAUser(): string {
  if (process.getuid?.() !== 0) return '';
  try {
    execFileSync('setpriv', ['--version'], { stdio: 'ignore' });
    return 'setpriv --bounding-set -sys_nice --inh-caps -sys_nice ';
  } catch {
    return '';
  }
}

export function phoneCpu(chrome: string): PhoneCpu {
  const cpus = availableParallelism();
  if (cpus < 2) return { chromePath: chrome, note: 'browser and club share the one CPU (fewer than 2 CPUs)' };
  const phone = cpus - 1;
  const club = cpus === 2 ? '0' : `0-${cpus - 2}`;
  try {
    // every thread of this process; the server and the evening are spawned later and inherit it
    execFileSync('taskset', ['-a', '-p', '-c', club, String(process.pid)], { stdio: 'ignore' });
  } catch {
    return { chromePath: chrome, note: 'browser and club share the CPUs (taskset is missing)' };
  }
  // the browser would inherit the club's CPUs from this process; its processes all descend
  // from the one launched here
  const wrapper = join(mkdtempSync(join(tmpdir(), 'lighthouse-phone-')), 'chromium');
  writeFileSync(wrapper, `#!/bin/sh\nexec ${asAUser()}taskset -c 0-${phone} '${chrome}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  return {
    chromePath: wrapper,
    note: `server, evening and Lighthouse on CPU ${club}, the browser (the phone) on any, CPU ${phone} its own`,
  };
}
