/** A few inline SVG icons, drawn with currentColor (no icon font, no external requests). */
export type IconName = "shield" | "sparkles" | "users" | "scale" | "mail" | "chat" | "clock" | "bolt" | "bell" | "plug" | "globe";

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
