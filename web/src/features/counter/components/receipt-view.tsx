import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { counterKeys } from '../../../lib/query-keys.ts';
import { notifyError } from '../../../lib/toast.ts';
import { useFocusBackOnClose } from '../../../lib/use-focus-back-on-close.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { fetchReceiptCopyHtml, fetchReceiptHtml, ReceiptCopyError } from '../api/counter-api.ts';

/**
 * The sale's receipt as the kiosk prints it (`GET /v1/receipt/{id}?format=html`), to print.
 * Looking at it makes no copy. The original prints once; every print after that is a copy made
 * on purpose (`POST …/copy`), counted and journaled, and the frame shows that copy.
 */
export function ReceiptView({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const printWhenLoaded = useRef(false);
  const lang = currentLocale();
  const [copyHtml, setCopyHtml] = useState<string>();
  const [originalPrinted, setOriginalPrinted] = useState(false);
  useFocusBackOnClose();
  const receipt = useQuery({
    queryKey: counterKeys.receipt(orderId, lang),
    queryFn: () => fetchReceiptHtml(orderId, lang),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const copy = useMutation({
    mutationFn: () => fetchReceiptCopyHtml(orderId, lang),
    onSuccess: (html) => {
      // the same page again loads nothing new: print what the frame shows
      if (html === (copyHtml ?? receipt.data?.html)) frame.current?.contentWindow?.print();
      else {
        printWhenLoaded.current = true;
        setCopyHtml(html);
      }
    },
    onError: (error) =>
      notifyError(
        t(error instanceof ReceiptCopyError && error.status === 429 ? 'error.rate_limited' : 'error.internal'),
      ),
  });
  // every copy is counted and journaled: a double tap on print makes one
  const copyOnce = useRunOnce(copy);
  const nextIsCopy = receipt.data !== undefined && (receipt.data.copy || originalPrinted);

  const print = () => {
    if (!nextIsCopy) {
      setOriginalPrinted(true);
      frame.current?.contentWindow?.print();
    } else copyOnce(undefined);
  };

  return (
    <Modal open title={t('counter.pay.receipt_title')} onClose={onClose} className="counter-receipt">
      <div className="dialog__body">
        {receipt.isPending ? (
          <Loading />
        ) : receipt.isError ? (
          // the guest is waiting at the counter for it: ask again without closing and reopening
          <ErrorState onRetry={() => void receipt.refetch()} />
        ) : (
          <>
            {nextIsCopy && <p className="muted small">{t('counter.pay.copy_hint')}</p>}
            <iframe
              ref={frame}
              className="counter-receipt__frame"
              title={t('counter.pay.receipt_title')}
              srcDoc={copyHtml ?? receipt.data.html}
              onLoad={() => {
                if (!printWhenLoaded.current) return;
                printWhenLoaded.current = false;
                frame.current?.contentWindow?.print();
              }}
            />
          </>
        )}
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('counter.pay.close')}
        </Button>
        <Button disabled={!receipt.isSuccess} busy={copy.isPending} onClick={print}>
          {nextIsCopy ? t('counter.pay.print_copy') : t('counter.pay.print')}
        </Button>
      </div>
    </Modal>
  );
}
