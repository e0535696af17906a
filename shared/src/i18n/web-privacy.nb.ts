import type { Texts } from './en.ts';
import type { privacyEn } from './web-privacy.en.ts';

/** The privacy policy's text (bokmål): loaded with its page only. */
export const privacyNb: Texts<typeof privacyEn> = {
  privacy: {
    updated: 'Sist oppdatert 21. november 2026',
    intro:
      '{{club}} bruker denne appen til bord, kiosk og klippekort. Her forklarer vi hvilke personopplysninger vi lagrer om deg, hvorfor, hvor lenge, og hvordan du får dem slettet. Vi følger personvernforordningen (GDPR) slik den gjelder i Norge gjennom personopplysningsloven.',
    who: {
      title: 'Hvem som er ansvarlig',
      body: '{{club}} er behandlingsansvarlig for personopplysningene i appen. Du når oss i disken i klubben eller på e-post (se «Kontakt» nedenfor).',
    },
    what: {
      title: 'Hva vi lagrer',
      body: 'Når du oppretter en konto og bruker appen, lagrer vi:\n- fornavn, etternavn, e-postadresse og telefonnummer;\n- passordet ditt, bare som en sikker enveis-hash som ingen kan lese;\n- rollen din (for eksempel medlem eller gjest), språket ditt og når kontoen ble opprettet;\n- innloggingene dine: en innloggingsnøkkel, når den utløper og hvilken nettleser den ble laget i;\n- spillene dine: bord, start- og sluttid, spilte minutter og pris;\n- bestillinger og betalinger: hva du kjøpte, beløp, betalingsmåte og betalingsleverandørens referanse. Vi ser eller lagrer aldri kortnumre;\n- klippekortene dine og tiden som er igjen på dem, og hvilke varsler du har lest.',
    },
    why: {
      title: 'Hvorfor vi lagrer det',
      body: '- For å gi deg en konto, holde styr på spill og bestillinger og ta betalt (avtalen med deg, GDPR art. 6 nr. 1 bokstav b).\n- For å føre regnskap slik bokføringsloven krever (rettslig forpliktelse, art. 6 nr. 1 bokstav c).\n- For å holde appen sikker og finne feil, for eksempel ved å begrense antall innloggingsforsøk (berettiget interesse, art. 6 nr. 1 bokstav f).\nVi bruker ikke opplysningene dine til reklame, og vi selger dem ikke.',
    },
    how_long: {
      title: 'Hvor lenge vi tar vare på det',
      body: '- Kontoen din beholdes til du ber oss slette den, eller til den ikke har vært brukt på 3 år.\n- En innlogging varer i ett døgn; lenker for å bekrefte e-post eller velge passord slutter å virke etter 2 til 72 timer.\n- Bestillinger og betalinger er regnskapsmateriale og oppbevares i 5 år etter regnskapsårets slutt, slik bokføringsloven krever. Når kontoen er slettet, oppbevares de uten navnet ditt.\n- Eventuelle feilrapporter slettes etter 90 dager.',
    },
    cookies: {
      title: 'Informasjonskapsler og lokal lagring',
      body: 'Vi bruker én nødvendig informasjonskapsel, «token», som holder deg innlogget i høyst ett døgn. Valget ditt av språk og lyst eller mørkt utseende lagres i nettleseren. Vi bruker ingen informasjonskapsler for reklame eller sporing.',
    },
    sharing: {
      title: 'Hvem vi deler med',
      body: 'Vi deler personopplysninger bare med leverandører som behandler dem på våre vegne etter en databehandleravtale: Vipps MobilePay for betaling med Vipps, e-postleverandøren vår for e-poster om kontoen, driftsleverandøren vår og, hvis det er slått på, en tjeneste for feilrapportering som mottar tekniske detaljer når noe feiler (tekst du skriver, blir maskert). Opplysningene lagres innenfor EU/EØS.',
    },
    rights: {
      title: 'Rettighetene dine',
      body: 'Du kan få innsyn i opplysningene vi har om deg, få dem rettet, få en kopi av dem, protestere mot bruken og få dem slettet. Navn, e-post og telefon kan du rette selv under Profil → Kontoopplysninger. Mener du at vi behandler opplysningene dine feil, kan du klage til Datatilsynet.',
    },
    delete: {
      title: 'Slik får du slettet opplysningene dine',
      body: 'Spør i disken eller send oss en e-post fra adressen til kontoen din og be om sletting. Vi sletter kontoen innen 30 dager og bekrefter på e-post. Ubetalte bestillinger må gjøres opp først. Regnskapsmateriale vi er pålagt å oppbevare, beholdes uten navnet ditt.',
    },
    contact: {
      title: 'Kontakt',
      body: 'Spørsmål om personvern: spør de ansatte i disken eller send klubben en e-post. Vi svarer innen 30 dager.',
    },
  },
};
