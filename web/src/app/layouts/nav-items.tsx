import type { ComponentType, ReactNode } from 'react';
import { NavLink } from 'react-router-dom';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
  /**
   * A count shown on the item (unread notifications), twice: as a badge on the icon (`visual`)
   * and in words after the label, for screen readers. A component of its own, so a new count
   * draws the count, not the navigation and the page around it.
   */
  Badge?: ComponentType<{ visual: boolean }>;
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
              {item.Badge && <item.Badge visual />}
            </span>
            <span className="nav__label">
              {item.label}
              {item.Badge && <item.Badge visual={false} />}
            </span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
