import { useTranslation } from 'react-i18next';
import { useOpenPrintable } from '../../../lib/api-files.ts';
import { notifyError } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';

/**
 * Opens an X or Z report's printable page. Each X report run is journaled, so a double tap
 * opens one; a page that does not come says so (the tab that opened for it closes again, and
 * without a word the tap looked like nothing happened).
 */
export function usePrintReport() {
  const { t } = useTranslation();
  const print = useOpenPrintable();
  const printOnce = useRunOnce(print);
  return {
    print: (path: string) => printOnce(path, { onError: () => notifyError(t('till.print_failed')) }),
    busy: print.isPending,
  };
}
