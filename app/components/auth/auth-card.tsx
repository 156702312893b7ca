import { Link } from "@remix-run/react";
/** The frame of the account pages (sign-in, sign-up, codes, passwords): a centred card. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: React.ReactNode }) {
  return (
    <div className="container-page flex justify-center py-12 sm:py-16">
      <section className="w-full max-w-md rounded-2xl border border-slate-200 bg-surface p-6 shadow-sm sm:p-8" aria-labelledby="auth-title">
        <h1 id="auth-title" className="text-2xl font-bold tracking-tight">
          {title}
        </h1>
        {subtitle ? <p className="mt-2 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  );
}

/**
 * A one-time message after a redirect (post/redirect/get), e.g. "your email is verified". A failure
 * (`tone="error"`) is an alert in error colours, never a green confirmation.
 */
export function Notice({ children, tone = "success" }: { children: React.ReactNode; tone?: "success" | "info" | "error" }) {
  if (tone === "error") {
    return (
      <p
        role="alert"
        data-tone="error"
        className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
      >
        {children}
      </p>
    );
  }
  return (
    <p
      role="status"
      data-tone={tone}
      className={`mb-4 rounded-lg px-4 py-3 text-sm font-medium ${tone === "success" ? "bg-brand-50 text-brand-900" : "bg-sky-50 text-sky-900"}`}
    >
      {children}
    </p>
  );
}

/**
 * An account page's outcome instead of its form (a link sent, a link expired, an address
 * verified): the card with one status (or alert) line and the way on as full-width buttons.
 */
export function AuthOutcome({
  title,
  text,
  alert = false,
  links,
  children,
}: {
  title: string;
  text: string;
  alert?: boolean;
  links: Array<{ to: string; label: string; primary?: boolean }>;
  children?: React.ReactNode;
}) {
  return (
    <AuthCard title={title}>
      <p role={alert ? "alert" : "status"} className="text-slate-700">
        {text}
      </p>
      {children}
      {links.map((link, index) => (
        <Link
          key={link.to}
          to={link.to}
          className={`${link.primary ? "btn-primary" : "btn-secondary"} ${index === 0 ? "mt-6" : "mt-3"} w-full`}
        >
          {link.label}
        </Link>
      ))}
    </AuthCard>
  );
}

/** A line under an account card's form leading elsewhere ("No account yet? Sign up"). */
export function AuthLink({
  to,
  label,
  prompt,
  className = "mt-6 text-center text-sm text-slate-600",
}: {
  to: string;
  label: string;
  prompt?: string;
  className?: string;
}) {
  return (
    <p className={className}>
      {prompt ? `${prompt} ` : null}
      <Link to={to} className="font-semibold text-brand-700 hover:underline">
        {label}
      </Link>
    </p>
  );
}

/** A page's one-time notice under its heading (the flash after a redirect), or nothing. */
