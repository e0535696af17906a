import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../../../components/form.tsx';
import { i18n, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, makeUser } from '../../../testing/server.ts';
import { useDeleteUserConfirm } from './delete-user.tsx';

const user = makeUser({ id: 12 });

function Harness({ onDeleted }: { onDeleted: () => void }) {
  const { ask, dialog } = useDeleteUserConfirm(onDeleted);
  return (
    <>
      <Button onClick={() => ask(user)}>ask</Button>
      {dialog}
    </>
  );
}

describe('deleting a user', () => {
  beforeEach(() => setLocale('nb'));
  afterEach(cleanUpComponent);

  it('deletes once of a double tap on Delete, and goes on as the first answer says', async () => {
    let deletes = 0;
    const { calls } = fakeApi({
      handlers: [
        (url) => {
          if (url.pathname !== '/v1/user/delete/12') return undefined;
          deletes += 1;
          // the second would find the user gone
          return deletes === 1
            ? { body: { success: true } }
            : { status: 404, body: { success: false, message: 'error.user_not_found' } };
        },
      ],
    });
    const onDeleted = vi.fn();
    renderWithProviders(<Harness onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    const confirm = await screen.findByRole('button', { name: i18n.t('common.delete') });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.path === '/v1/user/delete/12')).toHaveLength(1);
  });
});
