import type { Texts } from './en.ts';
import type { lightsEn } from './web-lights.en.ts';

/**
 * Bordlysene og døren slik spillere og TV-en ser dem, og menyens navn på enhetssidene
 * (bokmål); de ansattes sider har `web-devices.nb.ts`.
 */
export const lightsNb: Texts<typeof lightsEn> = {
  lights: {
    state: {
      on: 'Lys på',
      off: 'Lys av',
      unknown: 'Lys ukjent',
      offline: 'Lyset svarer ikke',
    },
    nav: {
      devices: 'Enheter',
      door_log: 'Adgangslogg',
    },
    door: {
      title: 'Døren',
      open: 'Lås opp døren',
      opening: 'Låser opp …',
      hint: 'Døren låses opp i noen sekunder. Trekk den igjen etter deg.',
      opened: 'Døren er låst opp. Gå inn nå: den låser seg igjen av seg selv.',
      not_allowed: 'Du kan ikke låse opp døren nå.',
      not_allowed_text:
        'Døren åpnes for medlemmer med dørtilgang i klippekortet sitt, innenfor åpningstiden, og for en booking fra 15 minutter før den starter.',
      no_answer: 'Døren svarte ikke. Den kan ha låst seg opp: prøv håndtaket, eller prøv igjen om litt.',
      unavailable: 'Døren kan ikke låses opp fra appen akkurat nå. Ring klubben.',
      too_many: 'For mange forsøk. Vent et minutt og prøv igjen.',
    },
    leave: {
      last_out_title: 'Du er sist ut',
      last_out_text: 'Lysene slukker av seg selv om noen minutter. Lukk døren etter deg og kjenn etter at den er låst.',
      last_out_ok: 'Jeg lukker døren',
      unpaid_title: 'Betal det du skylder først',
      unpaid_text:
        'Det er ingen i skranken nå, så en vert som har hatt gjester, går bare når de tidligere regningene er betalt. Betal de ventende bestillingene dine, og gå så.',
      unpaid_link: 'Se mine ventende bestillinger',
    },
  },
};
