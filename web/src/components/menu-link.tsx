import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ChevronRightIcon } from './icons.tsx';

/** One row of a `menu` list: an icon, a label with an optional hint under it, and a chevron. */
export function MenuLink({
  to,
  icon,
  label,
  hint,
}: {
  to: string;
  icon: ReactNode;
  label: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <li>
      <Link to={to} className="menu__item">
        <span className="menu__icon">{icon}</span>
        <span className="menu__text">
          <span className="menu__label">{label}</span>
          {hint && <span className="menu__hint">{hint}</span>}
        </span>
        <ChevronRightIcon />
      </Link>
    </li>
  );
}
