/** The e-mails' texts (English), for the server; not in the web app. */
export const mailEn = {
  mail: {
    greeting: 'Hi {{name}},',
    signature: 'Best regards,\n{{club}}',
    ignore: 'If you did not ask for this, you can ignore this e-mail.',
    verify: {
      subject: 'Confirm your e-mail address',
      body: 'Welcome to {{club}}! Please confirm your e-mail address by opening this link:',
    },
    reset: {
      subject: 'Reset your password',
      body: 'Someone asked to reset the password of your account. Open this link within {{hours}} hours to choose a new one:',
    },
    set_password: {
      subject: 'Your new account at {{club}}',
      body: 'An account has been created for you at {{club}}. Open this link within {{hours}} hours to choose your password:',
    },
    pin_set: {
      subject: 'Your counter PIN was changed',
      body: '{{name}} set a new counter PIN for you at {{club}} on {{when}}. If you did not ask for this, tell the manager, and choose a new PIN under “My PIN” at the counter.',
    },
  },
};
