/** What a PIN field keeps of what is typed: its digits, at most `max` of them. */
export const pinDigits =
  (max: number) =>
  (typed: string): string =>
    typed.replace(/\D/g, '').slice(0, max);
