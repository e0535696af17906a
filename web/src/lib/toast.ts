import { toast } from 'react-toastify';

/** SPEC §9: toasts close after 3000 ms; error-message toasts stay 5000 ms. */
export const TOAST_MS = 3000;
export const ERROR_TOAST_MS = 5000;

export function notifySuccess(text: string): void {
  toast.success(text, { autoClose: TOAST_MS });
}

export function notifyInfo(text: string): void {
  toast.info(text, { autoClose: TOAST_MS });
}

export function notifyError(text: string, id?: string): void {
  toast.error(text, { autoClose: ERROR_TOAST_MS, ...(id ? { toastId: id } : {}) });
}
