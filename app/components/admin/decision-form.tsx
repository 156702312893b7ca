/**
 * A decision on one item of a back-office queue (a claim, a held referral, a withdrawal, a payout
 * batch): a post form naming the item in a hidden field, the form's errors (with a Conform form),
 * the fields the decision needs (`children`), then two buttons: the one that turns the item down
 * (`no`, secondary) and the one that goes ahead (`yes`, primary), each sending its `intent`.
 */
import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormErrors, SubmitButton } from "~/components/forms";

interface Choice {
  intent: string;
  label: string;
}

export function DecisionForm<Schema extends Record<string, unknown>>({
  form,
  item,
  no,
  yes,
  className = "w-full max-w-md",
  children,
}: {
  form?: FormMetadata<Schema, string[]>;
  /** The hidden field that names the item: its name and value. */
  item: { name: string; value: string };
  no: Choice;
  yes: Choice;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="post" className={className} {...(form ? getFormProps(form) : {})}>
      <input type="hidden" name={item.name} value={item.value} />
      {form ? <FormErrors id={form.errorId} errors={form.errors} /> : null}
      {children}
      <div className="flex flex-wrap gap-2">
        <SubmitButton intent={no.intent} className="btn-secondary">
          {no.label}
        </SubmitButton>
        <SubmitButton intent={yes.intent}>{yes.label}</SubmitButton>
      </div>
    </Form>
  );
}
