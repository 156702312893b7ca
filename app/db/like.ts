/** A case-insensitive "contains" pattern for `lower(column) like ? escape '\'`: `%` and `_` typed by a visitor match literally. */
export function likePattern(text: string): string {
  return `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `text` with `%`, `_` and `\` escaped for a `like ? escape '\'` pattern (case kept). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
