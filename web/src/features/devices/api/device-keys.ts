/** The device screens' reads: the settings with the broker's status, the door's access and log. */
export const deviceKeys = {
  all: ['devices'] as const,
  settings: () => [...deviceKeys.all, 'settings'] as const,
  doorAccess: () => [...deviceKeys.all, 'door-access'] as const,
  doorLogs: () => [...deviceKeys.all, 'door-log'] as const,
  doorLog: (filter: object) => [...deviceKeys.doorLogs(), filter] as const,
};
