/**
 * The one set of form components. Errors arrive as translation keys (from the zod schemas, on the
 * server or in the browser) and are translated here. Every field reserves room for its error
 * line so a message appearing or disappearing never moves the button under a click.
 */
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useTranslation } from "~/i18n/react";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~/security/honeypot";
import { useHydrated } from "~/utils/use-hydrated";

export { SubmitButton } from "./submit-button";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/** A field's errors; `values` fill the messages' placeholders (e.g. the minimum amount). */
export function ErrorList({ id, errors, values }: { id?: string; errors?: ListOfErrors; values?: Record<string, unknown> }) {
  const { t } = useTranslation("common");
  const messages = errors?.filter(Boolean) as string[] | undefined;
  return (
    <div className="min-h-[1.25rem] pt-1">
      {messages?.length ? (
        <ul id={id} className="space-y-0.5">
          {messages.map((message) => (
            <li key={message} className="text-xs font-medium text-red-700">
              {t(message, values)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Form-level errors (not tied to one field): the spec's red box near the form. `values` fill the
 * messages' placeholders (e.g. the minutes to wait).
 */
export function FormErrors({ id, errors, values }: { id?: string; errors?: ListOfErrors; values?: Record<string, unknown> }) {
  const { t } = useTranslation("common");
  const messages = errors?.filter(Boolean) as string[] | undefined;
  if (!messages?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {messages.map((message) => (
        <p key={message}>{t(message, values)}</p>
      ))}
    </div>
  );
}

/** The look of every text box and select (a form's own `<input>` too: the one style). */
export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-surface px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 aria-[invalid=true]:border-red-600";

/** A box for a six-digit code (two-factor, e-mail change): the input's look, sized for the digits. */
export const codeInputClass = `${inputClass} !w-40 text-center font-mono !text-base tracking-[0.3em]`;

/** A file input whose "Choose file" button looks like the app's secondary button. */
export const fileInputClass =
  "block text-sm text-slate-600 file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-solid file:border-slate-300 file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-50";

/** The attributes a field hands its control: the id its label names, and the error line it is described by. */
type ControlAttributes = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/** What every text field takes besides its control's own attributes. */
type FieldFrameProps = {
  labelProps: LabelHTMLAttributes<HTMLLabelElement>;
  errors?: ListOfErrors;
  hint?: string;
  className?: string;
  /** Placeholders of the error messages. */
  errorValues?: Record<string, unknown>;
};

/** What every text field shares: the label, the control (given `ControlAttributes`), the hint and the error line. */
function LabelledControl({
  id: givenId,
  labelProps,
  errors,
  hint,
  className,
  errorValues,
  control,
}: FieldFrameProps & {
  id: string | undefined;
  control: (attributes: ControlAttributes) => ReactNode;
}) {
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800" {...labelProps} />
      {control({ id, "aria-invalid": errorId ? true : undefined, "aria-describedby": errorId })}
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} values={errorValues} />
    </div>
  );
}

export function Field({ inputProps, ...frame }: FieldFrameProps & { inputProps: InputHTMLAttributes<HTMLInputElement> }) {
  return (
    <LabelledControl
      {...frame}
      id={inputProps.id}
      control={(attributes) => <input {...attributes} className={inputClass} {...inputProps} />}
    />
  );
}

/** A labelled select with its errors (options are `{ value, label }`, labels already translated). */
export function SelectField({
  label,
  selectProps,
  options,
  errors,
  hint,
  className,
  errorValues,
}: {
  label: string;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { name: string };
  options: ReadonlyArray<{ value: string; label: string }>;
  errors?: ListOfErrors;
  hint?: string;
  className?: string;
  /** Placeholders of the error messages. */
  errorValues?: Record<string, unknown>;
}) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className={inputClass}
        {...selectProps}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} values={errorValues} />
    </div>
  );
}

export function TextareaField({
  textareaProps,
  ...frame
}: FieldFrameProps & { textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> }) {
  return (
    <LabelledControl
      {...frame}
      id={textareaProps.id}
      control={(attributes) => <textarea {...attributes} className={`${inputClass} min-h-[8rem]`} {...textareaProps} />}
    />
  );
}

/** The honeypot pair of public forms: a trap people never see and the signed render stamp. */
export function HoneypotFields({ formToken }: { formToken: string }) {
  const { t } = useTranslation("common");
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={`${HONEYPOT_FIELD}-field`}>{t("forms.honeypotLabel")}</label>
      <input id={`${HONEYPOT_FIELD}-field`} type="text" name={HONEYPOT_FIELD} defaultValue="" tabIndex={-1} autoComplete="off" />
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
    </div>
  );
}

/** A checkbox with its label (Conform sends "on" when checked; zod reads it as a boolean). */
export function CheckboxField({
  label,
  inputProps,
  errors,
}: {
  label: React.ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { name: string };
  errors?: ListOfErrors;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const { type: _type, ...rest } = inputProps;
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          {...rest}
          id={id}
          type="checkbox"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 h-4 w-4 rounded border-slate-400 text-brand-700"
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A password field; with JavaScript it gains a show/hide toggle. */
export function PasswordField({ inputProps, ...frame }: FieldFrameProps & { inputProps: InputHTMLAttributes<HTMLInputElement> }) {
  const { t } = useTranslation("common");
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <LabelledControl
      {...frame}
      id={inputProps.id}
      control={(attributes) => (
        <div className="relative">
          <input {...attributes} className={`${inputClass} pr-20`} {...inputProps} type={visible ? "text" : "password"} />
          {hydrated ? (
            <button
              type="button"
              className="absolute inset-y-0 right-0 px-3 text-xs font-semibold text-brand-700"
              onClick={() => setVisible((v) => !v)}
              aria-controls={attributes.id}
              aria-pressed={visible}
            >
              {visible ? t("forms.hidePassword") : t("forms.showPassword")}
            </button>
          ) : null}
        </div>
      )}
    />
  );
}
