import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.ts';

/** Why the server refused, in words, next to what was tried (a dialog, a form). */
export function ErrorNote({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const text =
    error instanceof ApiError && error.key
      ? t(error.key)
      : error instanceof ApiError
        ? t('common.error_code', { code: error.status })
        : t('common.load_failed');
  return (
    <p className="form__error error-note" role="alert">
      {text}
    </p>
  );
}
