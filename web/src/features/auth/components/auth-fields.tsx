import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/form.tsx';

/** What `useForm().field(name)` gives a text field. */
interface Bound {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A new password and the same again, with the rule it must follow. */
export function NewPasswordFields({
  password,
  confirmation,
  label,
}: {
  password: Bound;
  confirmation: Bound;
  /** the first field's label */
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        {...password}
        label={label}
        type="password"
        autoComplete="new-password"
        hint={t('auth.password_hint')}
      />
      <TextField
        {...confirmation}
        label={t('field.password_confirmation')}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}

/** Under the form: the other way in ("No account? Register"). */
export function AuthFooter({ text, to, link }: { text: string; to: string; link: string }) {
  return (
    <p className="form__footer">
      {text}{' '}
      <Link to={to} className="link">
        {link}
      </Link>
    </p>
  );
}
