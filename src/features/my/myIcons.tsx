// Icons only /my and its sub-pages draw (the order shortcuts and the menu); kept out of
// src/ui/icons.tsx so that they load with these lazy pages, not with the main bundle.
import { Icon, type IconProps } from "../../ui/icons";

export function WalletIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7.5h15a1 1 0 0 1 1 1V19a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7.5Z" />
      <path d="M4 7.5 15.5 4l1 3.5" />
      <path d="M20 12h-3.5a1.75 1.75 0 0 0 0 3.5H20" />
    </Icon>
  );
}

export function LampIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3c1.6 2 2.4 3.4 2.4 4.7A2.4 2.4 0 0 1 12 10a2.4 2.4 0 0 1-2.4-2.3C9.6 6.4 10.4 5 12 3Z" />
      <path d="M5 13h14l-1.6 3.4a3 3 0 0 1-2.7 1.6H9.3a3 3 0 0 1-2.7-1.6L5 13Z" />
      <path d="M9 21h6M12 18v3" />
    </Icon>
  );
}

export function ListIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <path d="M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
    </Icon>
  );
}

export function GiftIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 10h16v10H4zM3 7h18v3H3zM12 7v13" />
      <path d="M12 7c-1.5-3-5-3.5-5-1.25S10 7 12 7Zm0 0c1.5-3 5-3.5 5-1.25S14 7 12 7Z" />
    </Icon>
  );
}

export function BadgeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3 5 6v5.5c0 4.2 3 7.8 7 9.5 4-1.7 7-5.3 7-9.5V6l-7-3Z" />
      <path d="m9 12 2 2 4-4" />
    </Icon>
  );
}

export function GearIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2.5v3M12 18.5v3M21.5 12h-3M5.5 12h-3M18.7 5.3l-2.1 2.1M7.4 16.6l-2.1 2.1M18.7 18.7l-2.1-2.1M7.4 7.4 5.3 5.3" />
    </Icon>
  );
}

export function PenIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </Icon>
  );
}
