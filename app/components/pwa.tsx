/**
 * The installable app, all JavaScript enhancement (nothing here is needed to use the site):
 * - toasts: top-right, dark, newest on top, closing by themselves after 5 s;
 * - the service worker (production builds only): "App ready to work offline" when it first takes
 *   over, "New content available, click on reload button to update." with Reload when a new
 *   version waits, and an update check every hour, only online and only after sw.js answers 200;
 * - the install offer: Install / No thanks where the browser offers it, and the manual
 *   add-to-home-screen hint where it does not (iOS Safari); only after real use, one overlay at a
 *   time, never over a money step, and gone for good once dismissed (the rules: install-offer.ts).
 *
 * Loaded after hydration (through enhancements.tsx, which the root imports then): none of it shows before JavaScript runs. The
 * toasts' live region is the root's, in the server's HTML from the start (TOAST_REGION_CLASS).
 */
import { useLocation } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "~/i18n/react";
import { INSTALL_AFTER_VISITS, countVisit, dismissInstall, installDismissed, isMoneyStep, otherOverlayOpen } from "./install-offer";

export const TOAST_DURATION_MS = 5_000;
export const SW_UPDATE_INTERVAL_MS = 3_600_000;
const SW_URL = "/sw.js";

interface ToastAction {
  label: string;
  onClick: () => void;
}
interface Toast {
  id: number;
  message: string;
  actions: ToastAction[];
}

const ToastContext = createContext<(message: string, actions?: ToastAction[]) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

/** Toasts, shown in `region` (the root's live region). */
export function ToastProvider({ region, children }: { region: HTMLElement; children: React.ReactNode }) {
  const { t } = useTranslation("common");
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (message: string, actions: ToastAction[] = []) => {
      const id = nextId.current++;
      setToasts((all) => [{ id, message, actions }, ...all]);
      setTimeout(() => dismiss(id), TOAST_DURATION_MS);
    },
    [dismiss],
  );

  return (
    <ToastContext.Provider value={show}>
      {children}
      {createPortal(
        toasts.map((toast) => (
          <div
            key={toast.id}
            role="status"
            className="pointer-events-auto rounded-xl bg-night p-4 text-sm text-white shadow-xl"
            data-testid="toast"
          >
            <p>{toast.message}</p>
            <div className="mt-3 flex justify-end gap-2">
              {toast.actions.map((action) => (
                <button
                  key={action.label}
                  type="button"
                  className="rounded-md bg-accent px-3 py-1 font-semibold hover:bg-accent-strong"
                  onClick={() => {
                    dismiss(toast.id);
                    action.onClick();
                  }}
                >
                  {action.label}
                </button>
              ))}
              <button type="button" className="rounded-md px-3 py-1 text-white/80 hover:bg-white/10" onClick={() => dismiss(toast.id)}>
                {t("pwa.close")}
              </button>
            </div>
          </div>
        )),
        region,
      )}
    </ToastContext.Provider>
  );
}

const OFFLINE_READY_KEY = "cashwise:offline-ready";

/**
 * Registers the service worker and reports waiting updates as toasts, and offline-readiness once,
 * on the visit after the one that installed the worker (never over a first visit's screens).
 */
export function ServiceWorkerManager() {
  const { t } = useTranslation("common");
  const toast = useToast();

  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    let interval: ReturnType<typeof setInterval> | undefined;
    let reloading = false;

    const offerUpdate = (worker: ServiceWorker) =>
      toast(t("pwa.needRefresh"), [
        {
          label: t("pwa.reload"),
          onClick: () => {
            navigator.serviceWorker.addEventListener("controllerchange", () => {
              if (reloading) return;
              reloading = true;
              window.location.reload();
            });
            worker.postMessage({ type: "SKIP_WAITING" });
          },
        },
      ]);

    // Said on a later visit (another tab or another day), never during the visit that installed it.
    if (navigator.serviceWorker.controller && localStorage.getItem(OFFLINE_READY_KEY) && !sessionStorage.getItem(OFFLINE_READY_KEY)) {
      localStorage.removeItem(OFFLINE_READY_KEY);
      toast(t("pwa.offlineReady"));
    }
    navigator.serviceWorker
      .getRegistration()
      // Whether this visit installs the worker is known before registering: events about the
      // install can be over by the time register() answers on a busy phone.
      .then((existing) => {
        if (!existing?.active) {
          void navigator.serviceWorker.ready.then(() => {
            localStorage.setItem(OFFLINE_READY_KEY, "1");
            sessionStorage.setItem(OFFLINE_READY_KEY, "this-visit");
          });
        }
        return navigator.serviceWorker.register(SW_URL);
      })
      .then((registration) => {
        if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
        registration.addEventListener("updatefound", () => {
          const installing = registration.installing;
          if (!installing) return;
          installing.addEventListener("statechange", () => {
            if (installing.state !== "installed") return;
            if (navigator.serviceWorker.controller) offerUpdate(installing);
          });
        });
        interval = setInterval(async () => {
          if (!navigator.onLine || registration.installing) return;
          try {
            const response = await fetch(SW_URL, { cache: "no-store", headers: { "cache-control": "no-cache" } });
            if (response.status === 200) await registration.update();
          } catch {
            // offline or the server is away: try again next hour
          }
        }, SW_UPDATE_INTERVAL_MS);
      })
      .catch(() => {
        // A browser that refuses service workers still has the whole site.
      });
    return () => clearInterval(interval);
  }, [t, toast]);

  return null;
}

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/** Offers installation where the browser allows it, or explains how to add to the home screen. */
export function InstallPrompt() {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  const [showManualHint, setShowManualHint] = useState(false);
  // Whether this browser may be offered the app at all: after real use, and never once dismissed.
  const [eligible, setEligible] = useState(false);
  const [overlayOpen, setOverlayOpen] = useState(true);

  useEffect(() => {
    const visits = countVisit(window.localStorage, window.sessionStorage);
    const standalone = window.matchMedia("(display-mode: standalone)").matches;
    if (standalone || installDismissed(window.localStorage) || visits < INSTALL_AFTER_VISITS) return;
    setEligible(true);
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setDeferred(event as BeforeInstallPromptEvent);
    };
    window.addEventListener("beforeinstallprompt", onPrompt);
    const ios = /iphone|ipad|ipod/i.test(navigator.userAgent) && !/crios|fxios/i.test(navigator.userAgent);
    if (ios) setShowManualHint(true);
    return () => window.removeEventListener("beforeinstallprompt", onPrompt);
  }, []);

  // One overlay at a time: stand back while the consent bar or a dialog is on the screen.
  useEffect(() => {
    if (!eligible) return;
    const check = () => setOverlayOpen(otherOverlayOpen(document));
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["open", "role"] });
    return () => observer.disconnect();
  }, [eligible, pathname]);

  const dismiss = () => {
    dismissInstall(window.localStorage);
    setEligible(false);
  };
  const install = async () => {
    if (!deferred) {
      setShowManualHint(true);
      return;
    }
    await deferred.prompt();
    await deferred.userChoice;
    setDeferred(null);
    dismiss();
  };

  const content = useMemo(
    () => (showManualHint && !deferred ? t("pwa.install.manualHint") : t("pwa.install.text")),
    [deferred, showManualHint, t],
  );
  if (!eligible || (!deferred && !showManualHint) || overlayOpen || isMoneyStep(pathname)) return null;
  return (
    // Above the app's bottom tab bar (below xl), never over it.
    <aside
      className="fixed bottom-20 left-4 z-[55] xl:bottom-4 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-surface p-4 shadow-xl"
      aria-labelledby="install-title"
      data-testid="install-offer"
    >
      <h2 id="install-title" className="font-semibold">
        {t("pwa.install.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{content}</p>
      <div className="mt-3 flex justify-end gap-2">
        <button type="button" className="btn-secondary px-3 py-1.5" onClick={dismiss}>
          {t("pwa.install.dismiss")}
        </button>
        {deferred ? (
          <button type="button" className="btn-primary px-3 py-1.5" onClick={install}>
            {t("pwa.install.install")}
          </button>
        ) : null}
      </div>
    </aside>
  );
}

/** Everything above, mounted by the root once this module has loaded. */
export function PwaEnhancements({ toastRegion }: { toastRegion: HTMLElement }) {
  return (
    <ToastProvider region={toastRegion}>
      <ServiceWorkerManager />
      <InstallPrompt />
    </ToastProvider>
  );
}
