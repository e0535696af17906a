/** Texts of handing an order to someone else, who accepts or declines it (English). */
export const transferEn = {
  transfer: {
    incoming_title: 'Asked to take over',
    incoming_load_failed: 'We could not read whether anyone asks you to take over an order.',
    incoming_text: '{{name}} asks you to take over {{reference}} ({{amount}}).',
    accept: 'Accept',
    accept_named: 'Accept {{reference}} from {{name}}',
    decline: 'Decline',
    decline_named: 'Decline {{reference}} from {{name}}',
    accepted: 'The order is yours now: you find it among your waiting orders.',
    declined: 'Declined. The order stays with {{name}}.',
    pending_title: 'Waiting for {{name}} to accept',
    pending_text: 'Until they accept, the order is still yours to pay.',
    take_back: 'Take back',
    taken_back: 'The request is taken back.',
  },
};
