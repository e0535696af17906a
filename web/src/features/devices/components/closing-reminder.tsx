import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { DoorIcon } from '../../../components/icons.tsx';
import { Modal } from '../../../components/modal.tsx';
import '../door.css';

/**
 * The last one out in the club's unstaffed hours: nobody else will close up, so the phone
 * says so before anything else (the lights see to themselves; the door does not). Shown on
 * the screen the leave led to, once: acknowledging it clears the page's `closing` state.
 */
export function ClosingReminder() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const done = () =>
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  return (
    <Modal open title={t('lights.leave.last_out_title')} onClose={done}>
      <div className="dialog__body closing-reminder" data-testid="closing-reminder">
        <DoorIcon />
        <p>{t('lights.leave.last_out_text')}</p>
      </div>
      <div className="dialog__actions">
        <Button onClick={done} autoFocus>
          {t('lights.leave.last_out_ok')}
        </Button>
      </div>
    </Modal>
  );
}
