import type { TProduct } from '@club/shared/shop';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { BoxIcon } from '../../../components/icons.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, useUploadProductImage } from '../api/upload-product-image.ts';

/** A picture chosen on this device, before it is uploaded. */
interface Chosen {
  file: File;
  url: string;
}

/**
 * The product's photo: the one in the shop now, choosing another (checked for type and
 * size here, by content on the server), a preview, and the upload with its progress.
 */
export function ProductPhoto({ product }: { product: TProduct }) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const upload = useUploadProductImage();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);

  // the preview's object URL is freed when it is replaced or the screen closes
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);
  useEffect(() => () => abort.current?.abort(), []);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setError(t('store.admin.photo.wrong_type'));
      setChosen(null);
      event.target.value = '';
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setError(t('store.admin.photo.too_big'));
      setChosen(null);
      event.target.value = '';
      return;
    }
    setError(null);
    setProgress(0);
    setChosen({ file, url: URL.createObjectURL(file) });
  }

  function send() {
    if (!chosen) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    upload.mutate(
      { id: product.id, file: chosen.file, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: () => {
          notifySuccess(t('store.admin.photo.saved'));
          setChosen(null);
          if (input.current) input.current.value = '';
        },
      },
    );
  }

  function forget() {
    setChosen(null);
    setError(null);
    if (input.current) input.current.value = '';
  }

  const uploading = upload.isPending;
  const percent = Math.round(progress * 100);
  const shown = chosen?.url ?? product.image;

  return (
    <section className="card photo-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="photo-panel__title">
        {t('store.admin.photo.title')}
      </h2>
      <div className={`photo-panel__frame${chosen ? ' photo-panel__frame--new' : ''}`}>
        {shown ? (
          <img
            src={shown}
            alt={
              chosen ? t('store.admin.photo.preview_alt') : t('store.admin.photo.current_alt', { name: product.name })
            }
            data-testid={chosen ? 'photo-preview' : 'photo-current'}
          />
        ) : (
          <span className="photo-panel__empty">
            <BoxIcon />
            <span>{t('store.admin.photo.none')}</span>
          </span>
        )}
        {chosen && <span className="photo-panel__badge">{t('store.admin.photo.not_saved')}</span>}
      </div>

      {uploading && (
        <div className="photo-panel__progress">
          <progress max={100} value={percent} aria-label={t('store.admin.photo.progress')} />
          <span className="small" aria-live="polite">
            {t('store.admin.photo.uploading', { percent })}
          </span>
        </div>
      )}

      <div className="field">
        <Button
          variant="secondary"
          className="photo-panel__choose"
          onClick={() => input.current?.click()}
          disabled={uploading}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        >
          {product.image || chosen ? t('store.admin.photo.choose_other') : t('store.admin.photo.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          name="image"
          hidden
          accept={IMAGE_TYPES.join(',')}
          onChange={choose}
          data-testid="photo-input"
        />
        <p id={hintId} className="field__hint">
          {t('store.admin.photo.hint')}
        </p>
        {error && (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>

      {chosen && (
        <div className="store-actions">
          <Button onClick={send} busy={uploading}>
            {t('store.admin.photo.upload')}
          </Button>
          {uploading ? (
            <Button variant="ghost" onClick={() => abort.current?.abort()}>
              {t('store.admin.photo.cancel')}
            </Button>
          ) : (
            <Button variant="ghost" onClick={forget}>
              {t('common.cancel')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
