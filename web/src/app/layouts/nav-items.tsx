import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
  /** a count shown on the item (unread notifications) */
  badge?: { count: number; label: string };
}

/** A navigation's links: the bottom bar's, and the admins' side navigation's (admin-nav.tsx). */
export function NavItems({ items, className }: { items: NavItem[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end ?? false} className="nav__link">
            <span className="nav__icon">
              {item.icon}
              {item.badge && item.badge.count > 0 && (
                <span className="nav__badge" aria-hidden="true">
                  {item.badge.count > 99 ? '99+' : item.badge.count}
                </span>
              )}
            </span>
            <span className="nav__label">
              {item.label}
              {item.badge && item.badge.count > 0 && <span className="visually-hidden">, {item.badge.label}</span>}
            </span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
