import { expect, test, uniquePerson } from './support/fixtures.ts';
import { mailsTo, waitForLink } from './support/mail.ts';
import { nb } from './support/shots.ts';

test('a newcomer registers, verifies, logs in, edits the account and changes the password', async ({
  page,
  checkA11y,
}) => {
  // a whole account's life with seven accessibility checks on the way: longer than one screen's test
  test.setTimeout(60_000);
  const person = uniquePerson();
  const newPassword = 'ny-kø-og-kritt-2';

  // register (in Norwegian, the default)
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Opprett konto' })).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Fornavn').fill(person.name);
  await page.getByLabel('Etternavn').fill(person.surname);
  await page.getByLabel('E-post').fill(person.email);
  await page.getByLabel('Telefon').fill(person.phone);
  await page.getByLabel('Passord', { exact: true }).fill(person.password);
  await page.getByLabel('Bekreft passord').fill(person.password);
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(
    page.getByText(
      `Kontoen er opprettet. Sjekk e-posten din (${person.email}) og åpne lenken for å bekrefte adressen.`,
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login\?email=/);

  // open the link from the e-mail: log in first, then the address is confirmed
  const link = await waitForLink(person.email, '/verify/');
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Logg inn for å bekrefte e-postadressen din.')).toBeVisible();
  await page.getByLabel('E-post').fill(person.email);
  await page.getByLabel('Passord', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-postadressen er bekreftet' })).toBeVisible();
  await expect(page.getByText(`${person.email} er bekreftet. Velkommen til klubben!`)).toBeVisible();
  await checkA11y(page);
  await page.getByRole('link', { name: 'Fortsett' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hei, ${person.name}` })).toBeVisible();
  await checkA11y(page);

  // edit the account
  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Profil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('link', { name: /Kontoopplysninger/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoopplysninger' })).toBeVisible();
  await page.getByLabel('Fornavn').fill('');
  await page.getByRole('button', { name: 'Lagre' }).click();
  await expect(page.getByText('Fornavn må fylles ut.')).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Fornavn').fill('Nora Marie');
  await page.getByRole('button', { name: 'Lagre' }).click();
  await expect(page.getByText('Lagret', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Profil' }).first().click();
  await expect(page.getByText(`Nora Marie ${person.surname}`)).toBeVisible();

  // change the password
  await page.getByRole('link', { name: /Bytt passord/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bytt passord' })).toBeVisible();
  await page.getByLabel('Nåværende passord').fill(person.password);
  await page.getByLabel('Nytt passord').fill(newPassword);
  await page.getByLabel('Bekreft passord').fill('noe-helt-annet');
  await page.getByRole('button', { name: 'Bytt passord' }).click();
  await expect(page.getByText('Passordene er ikke like.')).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Bekreft passord').fill(newPassword);
  await page.getByRole('button', { name: 'Bytt passord' }).click();
  // the account's own 'Lagret' toast may still be showing: the newest one is the password's
  await expect(page.getByText('Lagret', { exact: true }).last()).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  // log out, and in again with the new password
  await page.getByRole('button', { name: 'Logg ut' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-post').fill(person.email);
  await page.getByLabel('Passord', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page.getByText('Feil e-post eller passord.')).toBeVisible();
  await page.getByLabel('Passord', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Nora Marie' })).toBeVisible();
});

test('the register form explains what is missing, in both languages', async ({ page, checkA11y }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page.getByText('Fornavn må fylles ut.')).toBeVisible();
  await expect(page.getByText('Etternavn må fylles ut.')).toBeVisible();
  await expect(page.getByLabel('Fornavn')).toBeFocused();
  await checkA11y(page);

  await page.getByRole('button', { name: /^EN/ }).click();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await page.getByLabel('First name').fill('Ola');
  await page.getByLabel('Surname').fill('Nordmann');
  await page.getByLabel('E-mail').fill('ola@example.no');
  await page.getByLabel('Phone').fill('91234567');
  await page.getByLabel('Password', { exact: true }).fill('passord-1234');
  await page.getByLabel('Confirm password').fill('passord-9999');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
});

test('an address already in use is refused by the server, with its message', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Fornavn').fill('Sander');
  await page.getByLabel('Etternavn').fill('Kopi');
  await page.getByLabel('E-post').fill('spiller@cueclub.demo');
  await page.getByLabel('Telefon').fill('98765432');
  await page.getByLabel('Passord', { exact: true }).fill('passord-1234');
  await page.getByLabel('Bekreft passord').fill('passord-1234');
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page.getByText('E-post eller telefonnummer er allerede i bruk.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('a forgotten password is reset with the link from the e-mail', async ({ page, api }) => {
  const person = uniquePerson();
  const registered = await api.post('/v1/auth/register', {
    data: { ...person, password_confirmation: person.password, locale: 'en' },
  });
  expect(registered.ok()).toBe(true);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Glemt passordet?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tilbakestill passord' })).toBeVisible();
  await page.getByLabel('E-post').fill(person.email);
  await page.getByRole('button', { name: 'Send lenke' }).click();
  await expect(page.getByText('Sjekk innboksen din')).toBeVisible();

  const link = await waitForLink(person.email, '/reset-password-continue/');
  await page.goto(link);
  await page.getByLabel('Nytt passord').fill('helt-nytt-passord');
  await page.getByLabel('Bekreft passord').fill('helt-nytt-passord');
  await page.getByRole('button', { name: 'Lagre nytt passord' }).click();
  await expect(page.getByText('Det nye passordet er lagret. Logg inn med det.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-post').fill(person.email);
  await page.getByLabel('Passord', { exact: true }).fill('helt-nytt-passord');
  await page.getByRole('button', { name: 'Logg inn' }).click();
  // the link proved the address, so the account is confirmed too
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Nora' })).toBeVisible();
});

test('an unverified user is sent to /verify and can ask for a new link', async ({ page, api, checkA11y }) => {
  const person = uniquePerson();
  const registered = await api.post('/v1/auth/register', {
    data: { ...person, password_confirmation: person.password, locale: 'nb' },
  });
  expect(registered.ok()).toBe(true);

  await page.goto('/login');
  await page.getByLabel('E-post').fill(person.email);
  await page.getByLabel('Passord', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bekreft e-postadressen' })).toBeVisible();
  await expect(page.getByText(`Vi har sendt en lenke til ${person.email}.`, { exact: false })).toBeVisible();
  await checkA11y(page);
  await page.goto('/shop');
  await expect(page).toHaveURL(/\/verify$/);

  await page.getByRole('button', { name: 'Send ny lenke' }).click();
  await expect(page.getByText(`En ny lenke er på vei til ${person.email}.`).first()).toBeVisible();
  // the newest link confirms the address, here in the same browser
  await expect.poll(() => mailsTo(person.email).filter((m) => m.text.includes('/verify/')).length).toBe(2);
  const link = await waitForLink(person.email, '/verify/');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'E-postadressen er bekreftet' })).toBeVisible();
  // on to the page the person asked for before verifying
  await page.getByRole('link', { name: 'Fortsett' }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test('a newcomer who scans a table’s QR code ends at that table after registering, logging in and verifying', async ({
  page,
}) => {
  const person = uniquePerson();
  await page.goto('/table/1');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: nb('auth.login.register') }).click();
  await page.getByLabel('Fornavn').fill(person.name);
  await page.getByLabel('Etternavn').fill(person.surname);
  await page.getByLabel('E-post').fill(person.email);
  await page.getByLabel('Telefon').fill(person.phone);
  await page.getByLabel('Passord', { exact: true }).fill(person.password);
  await page.getByLabel('Bekreft passord').fill(person.password);
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page).toHaveURL(/\/login\?email=/);
  await page.getByLabel('Passord', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page).toHaveURL(/\/verify$/);

  const link = await waitForLink(person.email, '/verify/');
  await page.goto(link);
  await page.getByRole('link', { name: 'Fortsett' }).click();
  await expect(page).toHaveURL(/\/table\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bord 1' })).toBeVisible();
});
