// Inline SVG icons (24×24, currentColor). Decorative: hidden from assistive technology; the
// control that holds one carries the accessible name.
// Kept by hand rather than an icon set (issue #21): the whole file is in the main entry, 5,673 B
// minified / 1,742 B gzip for all 26 icons. Measured with lucide-react 1.79.0 (tree-shaken,
// minified, React external): its shared base alone is ~1.9 kB gzip (X alone 1,982 B vs CloseIcon
// 388 B), and the 20 generic icons here that it has cost 3,885 B gzip against 1,356 B, so the main
// entry would grow by ~2.5 kB (budget 150 kB). The temple's own marks (lotus, temple, incense,
// WeChat, the brand mark) have no equivalent there and would stay here anyway.
import type { ReactNode } from "react";

export interface IconProps {
  className?: string;
  size?: number;
}

/** The shared SVG frame of every icon; each icon supplies only its paths. */
export function Icon({
  className,
  size = 24,
  children,
}: IconProps & { children: ReactNode }) {
  return (
    <svg
      className={className === undefined ? "icon" : `icon ${className}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function HomeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9.5V20h5v-5.5h4V20h5V9.5" />
    </Icon>
  );
}

export function LotusIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 20c-4.5 0-8-2.6-9-6 2.6-.6 5.6.1 7.6 2" />
      <path d="M12 20c4.5 0 8-2.6 9-6-2.6-.6-5.6.1-7.6 2" />
      <path d="M12 20c-2.4-2.2-3.4-5-3-8.4.9-2.2 1.9-3.9 3-5.6 1.1 1.7 2.1 3.4 3 5.6.4 3.4-.6 6.2-3 8.4Z" />
    </Icon>
  );
}

export function ChatIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5Z" />
      <path d="M8.5 10h.01M12 10h.01M15.5 10h.01" />
    </Icon>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20.5c1.2-3.8 4.3-5.5 8-5.5s6.8 1.7 8 5.5" />
    </Icon>
  );
}

export function TempleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2.5 8.5c3.5 0 6.5-2 9.5-5 3 3 6 5 9.5 5" />
      <path d="M5 8.5v2h14v-2" />
      <path d="M4 14c2.6 0 5.3-1.2 8-3.5 2.7 2.3 5.4 3.5 8 3.5" />
      <path d="M6.5 14v6.5h11V14M10.5 20.5v-4h3v4" />
    </Icon>
  );
}

export function IncenseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 14V6M12 14V4M15 14V6" />
      <path d="M5 14h14l-1.5 6.5h-11Z" />
      <path d="M12 4c.8-.8.8-1.6 0-2.4" />
    </Icon>
  );
}

export function HeartHandsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 20s-7.5-4.4-7.5-10A4 4 0 0 1 12 7.6 4 4 0 0 1 19.5 10c0 5.6-7.5 10-7.5 10Z" />
    </Icon>
  );
}

export function NewsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <path d="M7 9h10M7 12.5h10M7 16h6" />
    </Icon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.3 2.7 2.7L16.2 9.5" />
    </Icon>
  );
}

export function AlertIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10.3 4.2 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0Z" />
      <path d="M12 9.5v4.5M12 17h.01" />
    </Icon>
  );
}

export function ErrorIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6M15 9l-6 6" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  );
}

export function BackIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M15 5 8 12l7 7" />
    </Icon>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m9 5 7 7-7 7" />
    </Icon>
  );
}

export function SunIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
    </Icon>
  );
}

export function MoonIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
    </Icon>
  );
}

export function SystemModeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 3.5v17A8.5 8.5 0 0 0 12 3.5Z" fill="currentColor" />
    </Icon>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3Z" />
    </Icon>
  );
}

export function RefreshIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 11a8 8 0 0 0-14.5-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.5 4.5L20 16M20 20v-4h-4" />
    </Icon>
  );
}

export function WechatIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9.5 4C5.4 4 2 6.8 2 10.2c0 1.9 1 3.6 2.7 4.8L4 17.5l2.9-1.4c.8.2 1.7.4 2.6.4" />
      <path d="M15.5 9c-3.6 0-6.5 2.4-6.5 5.3s2.9 5.3 6.5 5.3c.8 0 1.5-.1 2.2-.3l2.3 1.2-.6-2c1.6-1 2.6-2.5 2.6-4.2C22 11.4 19.1 9 15.5 9Z" />
      <path d="M7 8.6h.01M11.5 8.6h.01M13.3 13.6h.01M17.7 13.6h.01" />
    </Icon>
  );
}

export function PhoneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.2" />
      <path d="M10.5 18.5h3" />
    </Icon>
  );
}

export function MailIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </Icon>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 4h4.5A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5H14" />
      <path d="M10 16.5 5.5 12 10 7.5M5.5 12H15" />
    </Icon>
  );
}

export function DevicesIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="2.5" y="4.5" width="14" height="10" rx="1.5" />
      <path d="M6 18.5h7M9.5 14.5v4" />
      <rect x="17" y="9" width="4.5" height="10" rx="1.2" />
    </Icon>
  );
}

/** The brand mark: a lotus over a temple roof line, filled. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className="brand-mark"
    >
      <circle cx="16" cy="16" r="15" fill="var(--color-primary)" />
      <path
        d="M16 7.5c1.7 2 3 4.3 3.3 7-.1 2.8-1.3 5-3.3 6.7-2-1.7-3.2-3.9-3.3-6.7.3-2.7 1.6-5 3.3-7Z"
        fill="var(--color-gold)"
      />
      <path
        d="M16 21.5c-3.4 0-6.3-1.7-7.6-4.3 2.3-.4 4.6.4 6.2 1.9M16 21.5c3.4 0 6.3-1.7 7.6-4.3-2.3-.4-4.6.4-6.2 1.9"
        fill="none"
        stroke="var(--color-gold)"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
      <path
        d="M8.5 24.5h15"
        stroke="var(--color-gold)"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </svg>
  );
}
