/**
 * The lighthouse bench's busy club: plays the seeded club evening (`tests/sim/evening.ts`: 40
 * players over 8 tables joining, pausing, shopping, paying, watched by sockets) against URL,
 * evening after evening, until it is stopped. Each evening adds its own players and tables, and
 * removes its tables when it ends.
 */
import { runEvening } from '../tests/sim/evening.ts';

const url = process.env.URL;
const admin = { email: process.env.ADMIN_EMAIL ?? '', password: process.env.ADMIN_PASSWORD ?? '' };
if (!url || !admin.email) throw new Error('URL, ADMIN_EMAIL and ADMIN_PASSWORD name the club to play');

let stopping = false;
// the bench holds the club's clock while it measures a page (SIGUSR1), and lets it go (SIGUSR2):
// the evening moves it a day on every few seconds, and the page's login would run out mid-load
let clockHeld = false;
process.on('SIGUSR1', () => {
  clockHeld = true;
});
process.on('SIGUSR2', () => {
  clockHeld = false;
});
process.once('SIGTERM', () => {
  stopping = true;
  // an evening is minutes long: the bench does not wait for its end
  setTimeout(() => process.exit(0), 200);
});

for (let evening = 1; !stopping; evening++) {
  const started = Date.now();
  const result = await runEvening({
    url,
    admin,
    seed: 20261127 + evening,
    clockHeld: () => clockHeld,
    // the bench waits for the first evening's rounds to be under way before it measures
    log: (line) => {
      if (line.startsWith('round 1:')) console.log('EVENING_UNDER_WAY');
    },
  });
  result.close();
  // a full club, not a growing one: the evening's tables go with it, so the floor stays the
  // demo club's and one evening's (the TV and the home page show every table)
  for (const id of result.record.tableIds)
    await result.api
      .post(`/v1/table/delete/${id}`, {}, result.adminToken)
      .catch((error: unknown) => console.error(`[evening] table ${id} stays on the floor: ${String(error)}`));
  console.error(
    `[evening] ${evening} played in ${Math.round((Date.now() - started) / 1000)} s: ${Object.values(result.stats).reduce((a, b) => a + b, 0)} actions`,
  );
}
