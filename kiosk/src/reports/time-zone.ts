/** Calendar arithmetic in the club's time zone (reports speak in its days and hours). */
const parts = (instant: number, timeZone: string) => {
  const fields = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(fields.find((f) => f.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
};

function offsetMs(instant: number, timeZone: string): number {
  const p = parts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant a local day (YYYY-MM-DD) begins. */
export function startOfDay(date: string, timeZone: string): number {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const first = guess - offsetMs(guess, timeZone);
  const second = guess - offsetMs(first, timeZone);
  return second;
}

export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export function localDate(instant: number, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export function localHour(instant: number, timeZone: string): number {
  return parts(instant, timeZone).hour;
}

/** The start of the next local hour after `instant`. */
export function nextHour(instant: number, timeZone: string): number {
  const p = parts(instant, timeZone);
  return instant + ((60 - p.minute) * 60 - p.second) * 1000 - (instant % 1000);
}
