import { startKiosk } from '../../kiosk/src/app.ts';
export const shared = startKiosk;
