import type { Texts } from './en.ts';
import type { transferEn } from './web-transfer.en.ts';

/** Texts of handing an order to someone else, who accepts or declines it (bokmål). */
export const transferNb: Texts<typeof transferEn> = {
  transfer: {
    incoming_title: 'Spurt om å overta',
    incoming_load_failed: 'Vi fikk ikke lest om noen ber deg overta en bestilling.',
    incoming_text: '{{name}} spør om du vil overta {{reference}} ({{amount}}).',
    accept: 'Godta',
    accept_named: 'Godta {{reference}} fra {{name}}',
    decline: 'Avslå',
    decline_named: 'Avslå {{reference}} fra {{name}}',
    accepted: 'Bestillingen er din nå: du finner den blant bestillingene du skal betale.',
    declined: 'Avslått. Bestillingen blir hos {{name}}.',
    pending_title: 'Venter på at {{name}} godtar',
    pending_text: 'Til de godtar, er det fortsatt du som skal betale bestillingen.',
    take_back: 'Trekk tilbake',
    taken_back: 'Forespørselen er trukket tilbake.',
  },
};
