/**
 * The picture forms (the profile picture, a store's logo, the ad reports' logo): their two buttons
 * (Remove, or the upload, also a form sent with no intent) and the notice each outcome goes back
 * with, `<prefix>saved`, `<prefix>tooLarge`… in the page's namespace.
 */
import { formIntent } from "~/utils/http.server";

/** Remove, or upload the file sent. */
export function pictureIntent(form: FormData): "upload" | "remove" {
  return formIntent(form, ["upload", "remove"], "upload") ?? "upload";
}

const NOTICES = {
  saved: "saved",
  removed: "removed",
  "too-large": "tooLarge",
  "too-many-pixels": "tooManyPixels",
  "not-an-image": "notAnImage",
  empty: "empty",
} as const;

export type PictureOutcome = keyof typeof NOTICES;

/** The notice key of `outcome` under `prefix` (`profile.avatar.` and "too-large" → `profile.avatar.tooLarge`). */
export function pictureNotice(prefix: string, outcome: PictureOutcome): string {
  return `${prefix}${NOTICES[outcome]}`;
}
