/**
 * The inbox's texts (English). They sit under `adminConsole` like the rest of the console's,
 * but in a module of their own: every player sees the unread badge and the inbox, so
 * these ship with the app while the console's texts load with its screens.
 */
export const inboxEn = {
  adminConsole: {
    inbox: {
      unread_one: '{{count}} unread',
      unread_other: '{{count}} unread',
      all_read: 'All read',
      unread_label: 'Unread',
      new: 'New',
      mark_read: 'Mark as read',
      mark_all: 'Mark all as read',
      open_link: 'Open',
      new_tab: 'opens in a new tab',
    },
  },
};
