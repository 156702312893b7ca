/**
 * What only matters once JavaScript runs, and nothing of which is in the server's HTML: the
 * navigation progress bar and the installable app (toasts, service worker, install prompt). The
 * root loads this module after hydration, so no page waits for it (issue #17's weight budget).
 */
export { NavigationProgress } from "~/components/layout/navigation-progress";
export { PwaEnhancements } from "~/components/pwa";
