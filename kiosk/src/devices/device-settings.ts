import { clock } from '@club/shared/clock';
import type { TDeviceSettings } from '@club/shared/devices';
import { isOpenAt } from '@club/shared/opening-times';
import type { Executor } from '../db/client.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import { deviceSettings } from '../settings/club-settings.ts';

export const getDeviceSettings = (db: Executor): Promise<TDeviceSettings> => deviceSettings.get(db);
export const saveDeviceSettings = (db: Executor, value: TDeviceSettings): Promise<TDeviceSettings> =>
  deviceSettings.save(db, value);

/** Whether nobody works at the counter at `instant` (the club's unstaffed hours, its local time). */
export function unstaffedAt(value: TDeviceSettings, instant: number): boolean {
  if (value.unstaffed_hours.every((day) => day === null)) return false;
  return isOpenAt({ week: value.unstaffed_hours, exceptions: [] }, instant, clubTimeZone());
}

export async function unstaffedNow(db: Executor): Promise<boolean> {
  return unstaffedAt(await getDeviceSettings(db), clock.nowMs());
}
