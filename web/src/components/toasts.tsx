import { useTranslation } from 'react-i18next';
import { Bounce, type CloseButtonProps, ToastContainer } from 'react-toastify';
import { TOAST_MS } from '../lib/toast.ts';

/** SPEC §9: top centre, 3000 ms, dark. Its own chunk: it loads with the first toast. */
export function Toasts() {
  const { t } = useTranslation();
  return (
    <ToastContainer
      position="top-center"
      autoClose={TOAST_MS}
      theme="dark"
      transition={Bounce}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss
      limit={4}
      // the library's own names are English ("Notifications Alt+T", "close"), read as such on a Norwegian screen;
      // Alt+T is the library's key to reach the toasts, so the region still names it; the close button
      // names what it closes, as a dialog's own "Lukk" may be on the page beside it
      aria-label={t('common.notifications_region')}
      closeButton={(props) => <CloseButton {...props} ariaLabel={t('common.close_message')} />}
    />
  );
}

/**
 * The library's close button, drawn the same (its classes and cross), named in the reader's language:
 * the library does not export its own, and the one it draws is only ever named "close".
 */
function CloseButton({ closeToast, theme, ariaLabel }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={ariaLabel}
      onClick={(event) => {
        // the toast closes on a click of its own too (closeOnClick): one close, by the button
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}
