import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { counterKeys, fetchReceiptHtml } from '../api/counter-api.ts';

/** The sale's receipt as the kiosk prints it (`GET /v1/receipt/{id}?format=html`), to print. */
export function ReceiptView({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const lang = currentLocale();
  // once per opening: every fetch after the first is a counted copy ("KOPI")
  const receipt = useQuery({
    queryKey: [...counterKeys.all, 'receipt', orderId, lang],
    queryFn: () => fetchReceiptHtml(orderId, lang),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  return (
    <Modal open title={t('counter.pay.receipt_title')} onClose={onClose} className="counter-receipt">
      <div className="dialog__body">
        {receipt.isPending ? (
          <Loading />
        ) : receipt.isError ? (
          <ErrorState />
        ) : (
          <iframe
            ref={frame}
            className="counter-receipt__frame"
            title={t('counter.pay.receipt_title')}
            srcDoc={receipt.data}
          />
        )}
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('counter.pay.close')}
        </Button>
        <Button disabled={!receipt.isSuccess} onClick={() => frame.current?.contentWindow?.print()}>
          {t('counter.pay.print')}
        </Button>
      </div>
    </Modal>
  );
}
