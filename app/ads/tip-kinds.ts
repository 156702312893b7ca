/**
 * The tips' vocabulary shared by the server and the page: the kinds of tips and the reasons a tip
 * can be dismissed for (translated by the `ads-tips` namespace).
 */
export const TIP_KINDS = ["raise-budget", "add-negatives", "pause-keywords", "cpa-rising"] as const;
export type TipKind = (typeof TIP_KINDS)[number];
export const DISMISS_REASONS = ["not-relevant", "already-done", "disagree", "later", "other"] as const;
export type DismissReason = (typeof DISMISS_REASONS)[number];
export const DISMISS_NOTE_MAX = 500;
