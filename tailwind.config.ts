/**
 * Colours are semantic tokens: every palette shade is a CSS variable (see app/tailwind.css), and
 * dark mode swaps the variables, not the class names. So `text-slate-600` means "muted text" and
 * `bg-slate-100` "a quiet fill" in both themes, and no component needs `dark:` variants to follow.
 *
 * - Palettes (slate, brand, red, green, amber, sky, violet, rose, yellow): light shade N in light
 *   mode, its mirror in dark mode (DARK_SHADE below), so text stays readable and tints stay tints.
 * - `surface` (cards, inputs) and `page` (the body): white in light mode, dark slate in dark mode.
 * - Fixed colours for filled controls with white text, the same in both themes: `accent`
 *   (brand green buttons), `accent-strong` (its hover), `danger` (red badges), `night` (dark panels).
 *
 * Dark mode is `<html class="dark">` (the user's choice) or `<html class="system">` with a dark
 * device preference; the `dark:` variant follows both.
 */
import type { Config } from "tailwindcss";
import plugin from "tailwindcss/plugin";
import { PALETTES, SHADES, paletteVariables } from "./app/theme/palette";

const palette = Object.fromEntries(
  Object.keys(PALETTES).map((family) => [
    family,
    Object.fromEntries(SHADES.map((shade) => [shade, `rgb(var(--${family}-${shade}) / <alpha-value>)`])),
  ]),
);

export default {
  content: ["./app/**/*.{ts,tsx}"],
  darkMode: ["variant", [".dark &", "@media (prefers-color-scheme: dark) { .system & }"]],
  theme: {
    extend: {
      colors: {
        ...palette,
        surface: "rgb(var(--surface) / <alpha-value>)",
        page: "rgb(var(--page) / <alpha-value>)",
        night: "rgb(var(--night) / <alpha-value>)",
        accent: { DEFAULT: "#047857", strong: "#064e3b" },
        danger: "#dc2626",
      },
      keyframes: {
        "navigation-progress": {
          "0%": { transform: "translateX(-100%)", opacity: "1" },
          "100%": { transform: "translateX(300%)", opacity: "1" },
        },
      },
    },
  },
  plugins: [
    plugin(({ addBase }) => {
      addBase({
        ":root": paletteVariables("light"),
        ".dark": paletteVariables("dark"),
        "@media (prefers-color-scheme: dark)": { ".system": paletteVariables("dark") },
      });
    }),
  ],
} satisfies Config;
