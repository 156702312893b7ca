/** The money amount input of the add-money and withdraw dialogs: decimal keyboard, only digits and one separator kept. */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/forms";
import { usePageLocale } from "~/i18n/use-page-locale";
import { filterAmountInput, formatAmountInput } from "~/utils/money";

export function AmountField({
  field,
  label,
  errorValues,
  hint,
  onTyped,
}: {
  field: FieldMetadata<string>;
  label: string;
  errorValues?: Record<string, unknown>;
  hint?: string;
  /** Told the filtered value after each keystroke. */
  onTyped?: (value: string) => void;
}) {
  const locale = usePageLocale();
  return (
    <Field
      labelProps={{ children: label }}
      inputProps={{
        ...getInputProps(field, { type: "text" }),
        inputMode: "decimal",
        placeholder: formatAmountInput(0, locale),
        autoComplete: "off",
        onInput: (event) => {
          event.currentTarget.value = filterAmountInput(event.currentTarget.value);
          onTyped?.(event.currentTarget.value);
        },
      }}
      errors={field.errors}
      errorValues={errorValues}
      hint={hint}
    />
  );
}
