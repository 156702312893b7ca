/** A few inline SVG icons, drawn with currentColor (no icon font, no external requests). */
export type IconName =
  | "shield"
  | "sparkles"
  | "users"
  | "scale"
  | "mail"
  | "chat"
  | "clock"
  | "bolt"
  | "bell"
  | "plug"
  | "globe"
  | "home"
  | "wallet"
  | "list"
  | "cog"
  | "grid"
  | "banknote";

const PATHS: Record<IconName, string> = {
  shield: "M12 3l7 3v6c0 4.5-3 8-7 9-4-1-7-4.5-7-9V6l7-3z",
  sparkles: "M12 3l1.8 4.2L18 9l-4.2 1.8L12 15l-1.8-4.2L6 9l4.2-1.8L12 3zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9L19 15z",
  users: "M9 11a4 4 0 100-8 4 4 0 000 8zm-7 10a7 7 0 0114 0M17 11a3 3 0 100-6M22 21a5 5 0 00-4-4.9",
  scale: "M12 3v18M5 7h14M5 7l-3 7a4 4 0 006 0L5 7zm14 0l-3 7a4 4 0 006 0l-3-7zM8 21h8",
  mail: "M3 6h18v12H3zM3 6l9 7 9-7",
  chat: "M4 5h16v11H8l-4 4V5z",
  clock: "M12 21a9 9 0 100-18 9 9 0 000 18zm0-14v5l3 3",
  bolt: "M13 2L4 14h7l-1 8 9-12h-7l1-8z",
  bell: "M6 16V11a6 6 0 1112 0v5l2 2H4l2-2zm4 4h4",
  plug: "M9 2v6M15 2v6M6 8h12v3a6 6 0 01-12 0V8zm6 9v5",
  globe: "M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z",
  home: "M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10",
  wallet: "M3 7a2 2 0 012-2h13v4M3 7v11a2 2 0 002 2h15V9H5a2 2 0 01-2-2zm13 7h.01",
  list: "M8 6h13M8 12h13M8 18h13M3.5 6h.01M3.5 12h.01M3.5 18h.01",
  cog: "M12 15a3 3 0 100-6 3 3 0 000 6zm7.4-3a7.4 7.4 0 00-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 00-2-1.2L14.5 3h-5l-.4 2.6a7.5 7.5 0 00-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 000 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 002 1.2l.4 2.6h5l.4-2.6a7.5 7.5 0 002-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z",
  grid: "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z",
  banknote: "M2 6h20v12H2zM12 15a3 3 0 100-6 3 3 0 000 6zM6 9v.01M18 15v.01",
};

export function Icon({ name, className = "h-5 w-5" }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      <path d={PATHS[name] ?? PATHS.sparkles} />
    </svg>
  );
}
