import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './form.tsx';
import { Modal } from './modal.tsx';

/**
 * Asks before something that cannot be undone (a native modal: Escape cancels). The confirmation
 * is red for what takes something away (`danger`, the default), the main colour for what settles
 * or approves.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** the way back, in words of its own where "Cancel" would read as the confirmation ("Cancel reservation") */
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      {children && <div className="dialog__body">{children}</div>}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} autoFocus>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button variant={tone} onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
