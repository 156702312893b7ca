/**
 * When the "Install Cashwise" card may show (browser only, pure rules over the page and storage):
 * - after real use: from the third visit (a visit is a browser session, counted once in localStorage);
 * - one overlay at a time: never while the consent bar asks its question or a dialog is open;
 * - never over a money step (adding money, withdrawing, a checkout);
 * - dismissed for good: once closed it never comes back (an old "later" snooze counts as closed).
 */
export const INSTALL_AFTER_VISITS = 3;
export const VISITS_KEY = "cashwise:visits";
export const VISIT_COUNTED_KEY = "cashwise:visit-counted";
export const INSTALL_DISMISSED_KEY = "cashwise:install-dismissed";
const LEGACY_SNOOZE_KEY = "cashwise:install-later";

const MONEY_STEPS = [/\/dashboard\/add-money(\/|$)/, /\/dashboard\/withdraw(\/|$)/, /\/checkout(\/|$)/];

/** Counts this browser session as one visit (once per session) and answers the visits so far. */
export function countVisit(local: Storage, session: Storage): number {
  const before = Number(local.getItem(VISITS_KEY)) || 0;
  if (session.getItem(VISIT_COUNTED_KEY)) return before;
  session.setItem(VISIT_COUNTED_KEY, "1");
  local.setItem(VISITS_KEY, String(before + 1));
  return before + 1;
}

export function installDismissed(local: Storage): boolean {
  return local.getItem(INSTALL_DISMISSED_KEY) !== null || local.getItem(LEGACY_SNOOZE_KEY) !== null;
}

export function dismissInstall(local: Storage): void {
  local.setItem(INSTALL_DISMISSED_KEY, new Date().toISOString());
}

export function isMoneyStep(pathname: string): boolean {
  return MONEY_STEPS.some((step) => step.test(pathname));
}

/** Another overlay holds the screen: the consent bar, or a dialog (native or ARIA). */
export function otherOverlayOpen(doc: Document): boolean {
  return doc.querySelector('[data-testid="consent-banner"], dialog[open], [role="dialog"], [role="alertdialog"]') !== null;
}
