/**
 * The status card of something the back office puts on the public site or takes off it (a store:
 * Pause/Resume; an article: Publish/Unpublish): what its state means, one button to change it
 * (`intent` = `on.intent` or `off.intent`, posted to the page's own action) and, while it is live,
 * the link to its public page.
 */
import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { Section } from "~/components/section";

interface Switch {
  intent: string;
  label: string;
}

export function LiveStatusSection({
  id,
  title,
  live,
  text,
  textTestId,
  on,
  off,
  pendingLabel,
  view,
  className,
}: {
  id: string;
  title: string;
  live: boolean;
  /** What the current state means. */
  text: string;
  textTestId?: string;
  /** The button that puts it live (shown while it is not): the page's primary action. */
  on: Switch;
  /** The button that takes it off (shown while it is live). */
  off: Switch;
  pendingLabel: string;
  /** Its public page, linked while it is live. */
  view: { to: string; label: string };
  className?: string;
}) {
  const button = live ? off : on;
  return (
    <Section id={id} title={title} box="card" className={className}>
      <p className="mt-1 text-sm text-slate-600" data-testid={textTestId}>
        {text}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
        <SubmitButton className={live ? "btn-secondary" : "btn-primary"} intent={button.intent} pendingLabel={pendingLabel}>
          {button.label}
        </SubmitButton>
        {live ? (
          <Link to={view.to} className="text-sm font-medium text-brand-700 underline">
            {view.label}
          </Link>
        ) : null}
      </Form>
    </Section>
  );
}
