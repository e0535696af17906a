/** The table settings' cache keys: what a debt may reach, and how time is billed. */
export const tableSettingKeys = {
  debt: () => ['debt-settings'] as const,
  billing: () => ['billing-settings'] as const,
};
