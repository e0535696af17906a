/**
 * Texts of the table lights and the door that players and the wall TV see, and the menu's
 * names of the device screens (English); the staff's screens have `web-devices.en.ts`.
 */
export const lightsEn = {
  lights: {
    state: {
      on: 'Light on',
      off: 'Light off',
      unknown: 'Light unknown',
      offline: 'Light not answering',
    },
    nav: {
      devices: 'Devices',
      door_log: 'Access log',
    },
    door: {
      title: 'The door',
      open: 'Unlock the door',
      opening: 'Unlocking…',
      hint: 'The door unlocks for a few seconds. Pull it shut behind you.',
      opened: 'The door is unlocked. Go in now: it locks again by itself.',
      not_allowed: 'You may not unlock the door now.',
      not_allowed_text:
        'The door opens for members whose hours include door access, inside opening hours, and for a booking from 15 minutes before it starts.',
      no_answer: 'The door did not answer. It may have unlocked: try the handle, or try again in a moment.',
      unavailable: 'The door cannot be unlocked from the app right now. Call the club.',
      too_many: 'Too many tries. Wait a minute and try again.',
    },
    leave: {
      last_out_title: 'You are the last one out',
      last_out_text:
        'The lights go off by themselves in a few minutes. Please close the door behind you and check that it is locked.',
      last_out_ok: 'I will close the door',
      unpaid_title: 'Pay what you owe first',
      unpaid_text:
        'Nobody is at the counter now, so a host who has had guests leaves only when their earlier bills are paid. Pay your waiting orders, then leave.',
      unpaid_link: 'See my waiting orders',
    },
  },
};
