/**
 * The icons of REQ-screen-icons ("Icons used by screens": knowledge book, calendar, chart, check, lock,
 * shield, pill, search, users, trophy, document, warning, eye, external link, bot) plus the few the screens
 * need for their controls. Each is drawn here on a 24x24 grid; see Icon.tsx for the accessibility contract.
 */
import { createIcon, type IconComponent } from './Icon';

export const BookIcon = createIcon(
  'BookIcon',
  <>
    <path d="M5 19.5v-15A1.5 1.5 0 0 1 6.5 3H19v15H6.5A1.5 1.5 0 0 0 5 19.5z" />
    <path d="M5 19.5A1.5 1.5 0 0 0 6.5 21H19v-3" />
    <path d="M9 7h6" />
  </>,
);

export const CalendarIcon = createIcon(
  'CalendarIcon',
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </>,
);

export const ChartIcon = createIcon(
  'ChartIcon',
  <>
    <path d="M4 20h16" />
    <path d="M7 16v-5M12 16V6M17 16V9" />
  </>,
);

export const CheckIcon = createIcon('CheckIcon', <path d="M5 12.5l4.5 4.5L19 7.5" />);

export const LockIcon = createIcon(
  'LockIcon',
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </>,
);

export const ShieldIcon = createIcon(
  'ShieldIcon',
  <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" />,
);

export const PillIcon = createIcon(
  'PillIcon',
  <>
    <rect x="2.5" y="8.5" width="19" height="7" rx="3.5" transform="rotate(-45 12 12)" />
    <path d="M9.5 9.5l5 5" />
  </>,
);

export const SearchIcon = createIcon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="6" />
    <path d="M20 20l-4.5-4.5" />
  </>,
);

export const UsersIcon = createIcon(
  'UsersIcon',
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7" />
    <path d="M18 14.3c1.8.7 3 2.7 3 5.7" />
  </>,
);

export const TrophyIcon = createIcon(
  'TrophyIcon',
  <>
    <path d="M8 4h8v5a4 4 0 0 1-8 0z" />
    <path d="M8 6H5v1a3 3 0 0 0 3 3M16 6h3v1a3 3 0 0 1-3 3" />
    <path d="M12 13v4" />
    <path d="M9 21v-2a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2z" />
  </>,
);

export const DocumentIcon = createIcon(
  'DocumentIcon',
  <>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </>,
);

export const WarningIcon = createIcon(
  'WarningIcon',
  <>
    <path d="M12 3.5L2.5 20h19z" />
    <path d="M12 10v4M12 17h.01" />
  </>,
);

export const EyeIcon = createIcon(
  'EyeIcon',
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);

export const ExternalLinkIcon = createIcon(
  'ExternalLinkIcon',
  <>
    <path d="M14 4h6v6M20 4l-9 9" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </>,
);

export const BotIcon = createIcon(
  'BotIcon',
  <>
    <rect x="4" y="8" width="16" height="12" rx="3" />
    <path d="M12 4v4M2 13v2M22 13v2M9 13v1M15 13v1M10 17h4" />
    <circle cx="12" cy="3.5" r="0.5" />
  </>,
);

export const CloseIcon = createIcon('CloseIcon', <path d="M6 6l12 12M18 6L6 18" />);

/** The overflow menu's "⋯". */
export const MenuIcon = createIcon(
  'MenuIcon',
  <>
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </>,
);

export const SendIcon = createIcon(
  'SendIcon',
  <>
    <path d="M21 3L10 14" />
    <path d="M21 3l-7 18-4-7-7-4z" />
  </>,
  { mirrorInRtl: true },
);

export const TrashIcon = createIcon(
  'TrashIcon',
  <>
    <path d="M4 7h16M10 11v6M14 11v6M9 7V4h6v3" />
    <path d="M6 7l1 13a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-13" />
  </>,
);

export const PlusIcon = createIcon('PlusIcon', <path d="M12 5v14M5 12h14" />);

export const LogoutIcon = createIcon(
  'LogoutIcon',
  <>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="M16 17l5-5-5-5M21 12H9" />
  </>,
  { mirrorInRtl: true },
);

export const RefreshIcon = createIcon(
  'RefreshIcon',
  <>
    <path d="M20 11a8 8 0 0 0-14.7-4.3L3 9" />
    <path d="M3 4v5h5" />
    <path d="M4 13a8 8 0 0 0 14.7 4.3L21 15" />
    <path d="M21 20v-5h-5" />
  </>,
);

export const HeartIcon = createIcon(
  'HeartIcon',
  <path d="M12 20s-7.5-4.6-9-9.5C2 7 4.2 4 7.5 4c2 0 3.5 1.2 4.5 2.7C13 5.2 14.5 4 16.5 4 19.8 4 22 7 21 10.5 19.5 15.4 12 20 12 20z" />,
);

export const ThermometerIcon = createIcon(
  'ThermometerIcon',
  <>
    <path d="M14 14.8V5a2 2 0 0 0-4 0v9.8a4 4 0 1 0 4 0z" />
    <path d="M12 11v6" />
  </>,
);

export const ScaleIcon = createIcon(
  'ScaleIcon',
  <>
    <rect x="3" y="4" width="18" height="16" rx="3" />
    <path d="M7.5 11a5 5 0 0 1 9 0" />
    <path d="M12 11l2-3" />
  </>,
);

export const ActivityIcon = createIcon('ActivityIcon', <path d="M3 12h4l3-8 4 16 3-8h4" />);

export const StethoscopeIcon = createIcon(
  'StethoscopeIcon',
  <>
    <path d="M4 3h4M12 3h4" />
    <path d="M6 3v6a4 4 0 0 0 8 0V3" />
    <path d="M10 13v3a5 5 0 0 0 10 0v-2" />
    <circle cx="20" cy="12" r="2" />
  </>,
);

export const ChevronDownIcon = createIcon('ChevronDownIcon', <path d="M6 9l6 6 6-6" />);

export const InfoIcon = createIcon(
  'InfoIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </>,
);

/** Every icon by name, for the gallery and for documentation. */
export const ICONS = Object.freeze({
  BookIcon,
  CalendarIcon,
  ChartIcon,
  CheckIcon,
  LockIcon,
  ShieldIcon,
  PillIcon,
  SearchIcon,
  UsersIcon,
  TrophyIcon,
  DocumentIcon,
  WarningIcon,
  EyeIcon,
  ExternalLinkIcon,
  BotIcon,
  CloseIcon,
  MenuIcon,
  SendIcon,
  TrashIcon,
  PlusIcon,
  LogoutIcon,
  RefreshIcon,
  HeartIcon,
  ThermometerIcon,
  ScaleIcon,
  ActivityIcon,
  StethoscopeIcon,
  ChevronDownIcon,
  InfoIcon,
} satisfies Record<string, IconComponent>);
export type IconName = keyof typeof ICONS;
