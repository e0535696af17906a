import { one } from '@club/shared/api';
import { type TProduct, ZProduct } from '@club/shared/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyApiError } from '../../../lib/api.ts';
import { ApiError, errorKeyOf } from '../../../lib/api-client.ts';
import { adminProductQueryOptions } from './get-admin-products.ts';
import { adminProductKeys } from './keys.ts';

/** What the kiosk accepts (it checks the content too): JPEG, PNG or WebP up to 5 MB. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const ZAnswer = one('product', ZProduct);

export interface UploadInput {
  id: number;
  file: File;
  /** 0–1 as the bytes go up */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /v1/product/image` as multipart form data. The JSON API client cannot report upload
 * progress, so this one call goes through XMLHttpRequest, with the same session cookie and the
 * same error handling: a catalogue key becomes a translated error toast.
 */
export function uploadProductImage({ id, file, onProgress, signal }: UploadInput): Promise<TProduct> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.set('id', String(id));
    form.set('image', file);
    xhr.open('POST', '/v1/product/image');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const fail = (error: ApiError) => {
      notifyApiError(error);
      reject(error);
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      const parsed = ZAnswer.safeParse(json);
      if (xhr.status >= 200 && xhr.status < 300 && parsed.success) {
        onProgress?.(1);
        resolve(parsed.data.product);
        return;
      }
      fail(new ApiError(xhr.status, errorKeyOf(json)));
    };
    xhr.onerror = () => fail(new ApiError(0, 'error.image_upload_not_successful'));
    xhr.onabort = () => reject(new DOMException('The upload was canceled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProductImage,
    onSuccess: (product) => {
      queryClient.setQueryData(adminProductQueryOptions(product.id).queryKey, product);
      return queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
    },
  });
}
