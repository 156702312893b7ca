/**
 * The colour palettes behind the semantic tokens (tailwind.config.ts and app/tailwind.css):
 * Tailwind's own shades in light mode; in dark mode each shade takes the value of its mirror, so a
 * class keeps its role (muted text, quiet fill, border, tint) with readable contrast on dark.
 */
import colors from "tailwindcss/colors";

export const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
export type Shade = (typeof SHADES)[number];

/** Brand green is Tailwind's emerald. */
export const PALETTES = {
  slate: colors.slate,
  brand: colors.emerald,
  red: colors.red,
  green: colors.green,
  amber: colors.amber,
  sky: colors.sky,
  violet: colors.violet,
  rose: colors.rose,
  yellow: colors.yellow,
} as const;

/**
 * Light shade → the shade used in dark mode. Text shades (600–900) become light, fills and tints
 * (50–200) become dark but stay a step apart from the dark surface, so empty tracks stay visible.
 */
export const DARK_SHADE: Record<Shade, Shade> = {
  50: 950,
  100: 800,
  200: 700,
  300: 600,
  400: 500,
  500: 400,
  600: 400,
  700: 300,
  800: 200,
  900: 100,
  950: 50,
};

function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `${(value >> 16) & 255} ${(value >> 8) & 255} ${value & 255}`;
}

/** The CSS custom properties of one theme (`--family-shade: "r g b"`), for Tailwind's base layer. */
export function paletteVariables(theme: "light" | "dark"): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [family, shades] of Object.entries(PALETTES)) {
    for (const shade of SHADES) {
      variables[`--${family}-${shade}`] = rgb((shades as Record<number, string>)[theme === "light" ? shade : DARK_SHADE[shade]]!);
    }
  }
  const slate = PALETTES.slate as Record<number, string>;
  variables["--surface"] = theme === "light" ? "255 255 255" : rgb(slate[900]!);
  variables["--page"] = theme === "light" ? "255 255 255" : rgb(slate[950]!);
  variables["--night"] = theme === "light" ? rgb(slate[900]!) : rgb(slate[800]!);
  variables["color-scheme"] = theme;
  return variables;
}
