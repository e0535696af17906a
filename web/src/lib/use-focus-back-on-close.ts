import { useLayoutEffect } from 'react';

/**
 * For a part of the screen that is taken out of the page when closed (a receipt, a table's
 * panel), not closed as a dialog: the browser puts focus back by itself only for a dialog, so
 * the control that opened it gets it again. Read before the part takes focus (a layout effect
 * runs before its own effects), given back once it, and a dialog that makes the page behind it
 * inert, has left the page; and only when focus left with it, never away from where a person
 * has since put it (another table opened in its place).
 */
export function useFocusBackOnClose() {
  useLayoutEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (!(opener instanceof HTMLElement)) return;
      setTimeout(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && opener.isConnected) opener.focus();
      });
    };
  }, []);
}
