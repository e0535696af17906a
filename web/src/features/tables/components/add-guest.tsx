import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useMyGuests } from '../api/get-guests.ts';
import { useJoinGuest } from '../api/join-guest.ts';

const RECENT_SHOWN = 6;

/** Add a guest by name, or one of the guests brought before in one tap. */
export function AddGuest({ gameId, takenNames }: { gameId: number; takenNames: string[] }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const guests = useMyGuests();
  const join = useJoinGuest();
  const runJoin = useRunOnce(join);
  const taken = new Set(takenNames.map((n) => n.trim().toLowerCase()));
  const recent = (guests.data ?? []).filter((g) => !taken.has(g.name.trim().toLowerCase())).slice(0, RECENT_SHOWN);

  function add(guestName: string) {
    runJoin(
      { game_id: gameId, name: guestName },
      {
        onSuccess: () => {
          setName('');
          setError(undefined);
          notifySuccess(t('games.table.guest_added', { name: guestName }));
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('validation.required', { field: t('games.table.guest_name') }));
      return;
    }
    if (trimmed.length > 60) {
      setError(t('validation.max', { field: t('games.table.guest_name') }));
      return;
    }
    add(trimmed);
  }

  return (
    <Section title={t('games.table.add_guest')}>
      <form className="card form add-guest" noValidate onSubmit={submit}>
        <p className="muted small">{t('games.table.add_guest_hint')}</p>
        <div className="add-guest__row">
          <TextField
            name="guest_name"
            label={t('games.table.guest_name')}
            value={name}
            onChange={(value) => {
              setName(value);
              if (error) setError(undefined);
            }}
            error={error}
            autoComplete="off"
          />
          <Button type="submit" variant="secondary" busy={join.isPending}>
            {t('games.table.add')}
          </Button>
        </div>
        {recent.length > 0 && (
          <div className="add-guest__recent">
            <p className="field__label" id="recent-guests">
              {t('games.table.recent_guests')}
            </p>
            <ul className="chips" aria-labelledby="recent-guests">
              {recent.map((guest) => (
                <li key={guest.name}>
                  <button
                    type="button"
                    className="chip"
                    disabled={join.isPending}
                    aria-label={t('games.table.add_named', { name: guest.name })}
                    onClick={() => add(guest.name)}
                  >
                    + {guest.name}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </form>
    </Section>
  );
}
