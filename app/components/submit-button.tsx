/** The one submit button: it says it is working while its form is being submitted (with JS). */
import { useNavigation } from "@remix-run/react";

export function SubmitButton({
  children,
  pendingLabel,
  className = "btn-primary",
  intent,
  name = intent === undefined ? undefined : "intent",
  value = intent,
  formAction,
  formNoValidate,
  busy = false,
}: {
  children: React.ReactNode;
  pendingLabel?: string;
  className?: string;
  /** Shorthand for `name="intent" value={intent}`: the action's handler this button asks for. */
  intent?: string;
  name?: string;
  value?: string;
  formAction?: string;
  formNoValidate?: boolean;
  /** Pending for a reason of the page's own (a request it makes itself, not a navigation). */
  busy?: boolean;
}) {
  const navigation = useNavigation();
  const pending = busy || (navigation.state === "submitting" && (name === undefined || navigation.formData?.get(name) === value));
  return (
    <button
      type="submit"
      className={className}
      disabled={pending}
      name={name}
      value={value}
      formAction={formAction}
      formNoValidate={formNoValidate}
      aria-busy={pending || undefined}
    >
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
