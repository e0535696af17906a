/**
 * Builds a date formatter (the one `@club/shared/time-zone` builds, for UTC) and a plural
 * rule, and ends: ICU's data, loaded by the first, stays loaded for the page's every thread.
 */
new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
}).formatToParts(0);
new Intl.PluralRules('nb').select(1);
self.close();
