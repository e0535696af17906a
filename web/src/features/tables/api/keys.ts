/** The guests the person signed in plays for (their own bill), `GET /v1/game/guests`. */
export const guestKeys = {
  mine: () => ['my-guests'] as const,
};
