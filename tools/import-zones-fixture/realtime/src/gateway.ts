import { startKiosk } from '../../kiosk/src/app.ts';
export const gateway = startKiosk;
