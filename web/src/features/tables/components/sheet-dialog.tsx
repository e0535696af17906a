import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { Modal } from '../../../components/modal.tsx';

/** A modal sheet for a choice: a bottom sheet on phones, a centred dialog on wide screens. */
export function SheetDialog({
  open,
  title,
  children,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={title} className="sheet" onClose={onClose}>
      <div className="sheet__body">{open && children}</div>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('games.table.close')}
        </Button>
      </div>
    </Modal>
  );
}
