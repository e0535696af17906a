import type { Texts } from './en.ts';
import type { mailEn } from './mail.en.ts';

/** The e-mails' texts (bokmål), for the server; not in the web app. */
export const mailNb: Texts<typeof mailEn> = {
  mail: {
    greeting: 'Hei {{name}},',
    signature: 'Vennlig hilsen\n{{club}}',
    ignore: 'Hvis du ikke har bedt om dette, kan du se bort fra denne e-posten.',
    verify: {
      subject: 'Bekreft e-postadressen din',
      body: 'Velkommen til {{club}}! Bekreft e-postadressen din ved å åpne denne lenken:',
    },
    reset: {
      subject: 'Tilbakestill passordet ditt',
      body: 'Noen har bedt om å tilbakestille passordet til kontoen din. Åpne lenken innen {{hours}} timer for å velge et nytt:',
    },
    set_password: {
      subject: 'Din nye konto hos {{club}}',
      body: 'Det er opprettet en konto til deg hos {{club}}. Åpne lenken innen {{hours}} timer for å velge passord:',
    },
    pin_set: {
      subject: 'Kasse-PIN-koden din er endret',
      body: '{{name}} satte en ny PIN-kode for deg i kassen hos {{club}} {{when}}. Har du ikke bedt om det, si fra til daglig leder, og velg en ny PIN-kode under «Min PIN-kode» i kassen.',
    },
  },
};
