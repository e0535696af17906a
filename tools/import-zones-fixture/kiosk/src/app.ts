export const startKiosk = () => 'kiosk';
