import type { ReactNode, SVGProps } from 'react';

/** Inline line icons (24×24, currentColor); decorative, so hidden from screen readers. */
function Icon({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const HomeIcon = () => (
  <Icon>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V20h5v-6h4v6h5V9.5" />
  </Icon>
);
export const ShopIcon = () => (
  <Icon>
    <path d="M4 7h16l-1.2 12.1a1 1 0 0 1-1 .9H6.2a1 1 0 0 1-1-.9L4 7Z" />
    <path d="M8.5 10V6.5a3.5 3.5 0 0 1 7 0V10" />
  </Icon>
);
export const BellIcon = () => (
  <Icon>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
  </Icon>
);
export const UserIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20.5c1.3-4 4.4-6 8-6s6.7 2 8 6" />
  </Icon>
);
export const DashboardIcon = () => (
  <Icon>
    <rect x="3.5" y="3.5" width="7" height="8" rx="1.5" />
    <rect x="13.5" y="3.5" width="7" height="5" rx="1.5" />
    <rect x="13.5" y="11.5" width="7" height="9" rx="1.5" />
    <rect x="3.5" y="14.5" width="7" height="6" rx="1.5" />
  </Icon>
);
export const UsersIcon = () => (
  <Icon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.9-3.4 3.4-5.3 6.5-5.3s5.6 1.9 6.5 5.3" />
    <path d="M16 4.8a3.5 3.5 0 0 1 0 6.5M18 14.9c1.8.7 3 2.4 3.5 5.1" />
  </Icon>
);
export const TableIcon = () => (
  <Icon>
    <rect x="3" y="6" width="18" height="12" rx="2" />
    <circle cx="5.5" cy="8.5" r=".6" />
    <circle cx="18.5" cy="8.5" r=".6" />
    <circle cx="5.5" cy="15.5" r=".6" />
    <circle cx="18.5" cy="15.5" r=".6" />
    <circle cx="12" cy="12" r="1.6" />
  </Icon>
);
export const ReceiptIcon = () => (
  <Icon>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2V3Z" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </Icon>
);
export const BoxIcon = () => (
  <Icon>
    <path d="m3.5 7.5 8.5-4 8.5 4v9l-8.5 4-8.5-4v-9Z" />
    <path d="m3.5 7.5 8.5 4 8.5-4M12 11.5v9" />
  </Icon>
);
export const ClockIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Icon>
);
export const ShieldIcon = () => (
  <Icon>
    <path d="M12 3 4.5 6v5.5c0 4.4 3.2 8.2 7.5 9.5 4.3-1.3 7.5-5.1 7.5-9.5V6L12 3Z" />
  </Icon>
);
export const ChartIcon = () => (
  <Icon>
    <path d="M4 20V4M4 20h16" />
    <path d="M8 16v-4M12 16V8M16 16v-6" />
  </Icon>
);
export const PercentIcon = () => (
  <Icon>
    <path d="M19 5 5 19" />
    <circle cx="7" cy="7" r="2.5" />
    <circle cx="17" cy="17" r="2.5" />
  </Icon>
);
export const MegaphoneIcon = () => (
  <Icon>
    <path d="M4 10v4h3l8 4.5v-13L7 10H4Z" />
    <path d="M18.5 9.5a3.5 3.5 0 0 1 0 5" />
  </Icon>
);
export const CoinsIcon = () => (
  <Icon>
    <ellipse cx="9" cy="7" rx="5.5" ry="2.5" />
    <path d="M3.5 7v5c0 1.4 2.5 2.5 5.5 2.5s5.5-1.1 5.5-2.5V7" />
    <path d="M9.5 17c.7 1.2 3 2 5.5 2 3 0 5.5-1.1 5.5-2.5v-5c0-1.2-1.8-2.2-4.3-2.5" />
  </Icon>
);
export const ChevronLeftIcon = () => (
  <Icon>
    <path d="m14.5 5.5-6.5 6.5 6.5 6.5" />
  </Icon>
);
export const ChevronRightIcon = () => (
  <Icon>
    <path d="m9.5 5.5 6.5 6.5-6.5 6.5" />
  </Icon>
);
export const CartIcon = () => (
  <Icon>
    <path d="M3 4h2.5l2.2 11h10.8L21 7.5H6.5" />
    <circle cx="9.5" cy="19" r="1.4" />
    <circle cx="17" cy="19" r="1.4" />
  </Icon>
);
export const WifiOffIcon = () => (
  <Icon>
    <path d="M3 3l18 18" />
    <path d="M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 4.2-2.4M14.8 10.5A10 10 0 0 1 19 12.9M1.8 9.3a14.5 14.5 0 0 1 4.5-2.8M11 5.6a14.5 14.5 0 0 1 11.2 3.7" />
    <circle cx="12" cy="20" r=".8" />
  </Icon>
);
export const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </Icon>
);
export const TrashIcon = () => (
  <Icon>
    <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l.8 13h9.4l.8-13" />
  </Icon>
);
export const MailIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
  </Icon>
);
export const CheckIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="m7.5 12.5 3 3 6-6.5" />
  </Icon>
);
export const AlertIcon = () => (
  <Icon>
    <path d="M12 3.5 2.5 20h19L12 3.5Z" />
    <path d="M12 10v4.5M12 17.2v.1" />
  </Icon>
);
export const CardIcon = () => (
  <Icon>
    <rect x="2.5" y="5.5" width="19" height="13" rx="2" />
    <path d="M2.5 10h19M6.5 15h4" />
  </Icon>
);
export const QrIcon = () => (
  <Icon>
    <rect x="3.5" y="3.5" width="6" height="6" rx="1" />
    <rect x="14.5" y="3.5" width="6" height="6" rx="1" />
    <rect x="3.5" y="14.5" width="6" height="6" rx="1" />
    <path d="M14.5 14.5h2.5v2.5M20.5 14.5v.1M14.5 20.5h2.5M20.5 18v2.5h-1" />
  </Icon>
);
export const LogoIcon = () => (
  <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
    <circle cx="16" cy="16" r="15" fill="var(--felt)" />
    <circle cx="16" cy="16" r="8" fill="var(--ball)" />
    <text x="16" y="20" textAnchor="middle" fontSize="10" fontWeight="700" fill="var(--felt-ink)">
      8
    </text>
  </svg>
);
export const PlayIcon = () => (
  <Icon>
    <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
  </Icon>
);
export const PauseIcon = () => (
  <Icon strokeWidth="3">
    <path d="M8 5v14M16 5v14" />
  </Icon>
);
export const BanIcon = () => (
  <Icon strokeWidth="2.4">
    <circle cx="12" cy="12" r="8.5" />
    <path d="m6 6 12 12" />
  </Icon>
);
// the keyholder club: a table's light and the door
export const BulbIcon = () => (
  <Icon>
    <path d="M9 17.5h6M10 20.5h4" />
    <path
      d="M12 3a6 6 0 0 0-3.6 10.8c.6.5 1 1.2 1 2V16h5.2v-.2c0-.8.4-1.5 1-2A6 6 0 0 0 12 3Z"
      fill="currentColor"
      fillOpacity=".25"
    />
  </Icon>
);
export const BulbOffIcon = () => (
  <Icon>
    <path d="M9 17.5h6M10 20.5h4" />
    <path d="M12 3a6 6 0 0 0-3.6 10.8c.6.5 1 1.2 1 2V16h5.2v-.2c0-.8.4-1.5 1-2A6 6 0 0 0 12 3Z" />
    <path d="M4 3.5 20 19.5" />
  </Icon>
);
export const DoorIcon = () => (
  <Icon>
    <path d="M4 21h16M6.5 21V3.5h11V21" />
    <circle cx="14.5" cy="12.5" r=".9" fill="currentColor" />
  </Icon>
);
