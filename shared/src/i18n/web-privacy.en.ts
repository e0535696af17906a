/** The privacy policy's text (English): loaded with its page only. */
export const privacyEn = {
  privacy: {
    updated: 'Last updated 21 November 2026',
    intro:
      '{{club}} uses this app to run its tables, kiosk and subscriptions. This page explains which personal data we store about you, why, for how long, and how to have it deleted. We follow the EU General Data Protection Regulation (GDPR) as it applies in Norway through the Personal Data Act (personopplysningsloven).',
    who: {
      title: 'Who is responsible',
      body: '{{club}} is the data controller for the personal data in this app. You can reach us at the counter in the club or by e-mail (see “Contact” below).',
    },
    what: {
      title: 'What we store',
      body: 'When you create an account and use the app we store:\n- your name, surname, e-mail address and phone number;\n- your password, only as a secure one-way hash that nobody can read;\n- your role (for example member or guest), your language and when your account was created;\n- your logins: a login token, when it expires and which browser it was made in;\n- your games: tables, start and end times, minutes played and the price;\n- your orders and payments: what you bought, amounts, payment method and the payment provider’s reference. We never see or store card numbers;\n- your subscriptions and the time left on them, and which notifications you have read.',
    },
    why: {
      title: 'Why we store it',
      body: '- To give you an account, run your games and orders and take payment (the agreement with you, GDPR art. 6(1)(b)).\n- To keep accounts as the Bookkeeping Act (bokføringsloven) requires (legal obligation, art. 6(1)(c)).\n- To keep the app secure and find errors, for example by limiting login attempts (legitimate interest, art. 6(1)(f)).\nWe do not use your data for advertising and we do not sell it.',
    },
    how_long: {
      title: 'How long we keep it',
      body: '- Your account is kept until you ask us to delete it, or until it has not been used for 3 years.\n- Logins last one day; links for confirming your e-mail or choosing a password stop working after 2 to 72 hours.\n- Orders and payments are accounting records and are kept for 5 years after the end of the financial year, as the Bookkeeping Act requires. After your account is deleted they are kept without your name.\n- Error reports, if used, are deleted after 90 days.',
    },
    cookies: {
      title: 'Cookies and local storage',
      body: 'We use one necessary cookie, “token”, which keeps you logged in for at most one day. Your choice of language and light or dark appearance is stored in your browser. We use no advertising or tracking cookies.',
    },
    sharing: {
      title: 'Who we share it with',
      body: 'We share personal data only with providers who process it on our behalf under a data processing agreement: Vipps MobilePay for payments in Vipps, our e-mail provider for account e-mails, our hosting provider, and, if enabled, an error-reporting service that receives technical details when something fails (text you type is masked). Data is stored within the EU/EEA.',
    },
    rights: {
      title: 'Your rights',
      body: 'You may see the data we hold about you, have it corrected, get a copy of it, object to its use, and have it deleted. You can correct your name, e-mail and phone yourself under Profile → Account details. If you think we handle your data wrongly, you can complain to the Norwegian Data Protection Authority (Datatilsynet).',
    },
    delete: {
      title: 'How to have your data deleted',
      body: 'Ask at the counter or send us an e-mail from the address of your account and ask us to delete it. We delete the account within 30 days and confirm by e-mail. Unpaid orders must be settled first. Accounting records we are required to keep are kept without your name.',
    },
    contact: {
      title: 'Contact',
      body: 'Questions about privacy: ask the staff at the counter or e-mail the club. We answer within 30 days.',
    },
  },
};
