import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { CheckIcon } from '../../../components/icons.tsx';
import { type CartAddInput, useAddToCart } from '../api/add-to-cart.ts';

/** How long an add button says "added" before it is ready again. */
const ADDED_MS = 1800;

/** A button that turns into "added ✓" for a moment after a successful add. */
function useAddedFlash() {
  const [flash, setFlash] = useState(false);
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(false), ADDED_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  return [flash, () => setFlash(true)] as const;
}

/** "Add to cart" for a product or prepaid hours; says "added ✓" for a moment after it worked. */
export function AddButton({
  item,
  name,
  onAdded,
  className,
  describedBy,
  disabled = false,
  soldOut = false,
}: {
  item: CartAddInput;
  /** what is added, told to `onAdded` */
  name: string;
  onAdded: (name: string) => void;
  className: string;
  describedBy: string;
  disabled?: boolean;
  soldOut?: boolean;
}) {
  const { t } = useTranslation();
  const add = useAddToCart();
  const [added, flashAdded] = useAddedFlash();
  return (
    <Button
      className={className}
      variant={added ? 'secondary' : 'primary'}
      busy={add.isPending}
      disabled={disabled}
      aria-describedby={describedBy}
      onClick={() =>
        add.mutate(item, {
          onSuccess: () => {
            flashAdded();
            onAdded(name);
          },
        })
      }
    >
      {added ? (
        <>
          <CheckIcon />
          {t('store.shop.added')}
        </>
      ) : soldOut ? (
        t('store.shop.sold_out')
      ) : (
        t('store.shop.add')
      )}
    </Button>
  );
}
