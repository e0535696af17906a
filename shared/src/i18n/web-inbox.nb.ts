import type { Texts } from './en.ts';
import type { inboxEn } from './web-inbox.en.ts';

/** The inbox's texts (bokmål); see web-inbox.en.ts. */
export const inboxNb: Texts<typeof inboxEn> = {
  adminConsole: {
    inbox: {
      unread_one: '{{count}} ulest',
      unread_other: '{{count}} uleste',
      all_read: 'Alt er lest',
      unread_label: 'Ulest',
      new: 'Ny',
      mark_read: 'Merk som lest',
      mark_all: 'Merk alle som lest',
      open_link: 'Åpne',
      new_tab: 'åpnes i en ny fane',
    },
  },
};
