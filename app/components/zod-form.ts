/**
 * Conform's `useForm` for a form a zod schema describes: the schema's constraints become the inputs'
 * validation attributes, and the same schema validates in the browser as the action does on the
 * server. A module of its own so that pages without such a form do not load `@conform-to/zod`.
 */
import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

type ValidateOn = "onSubmit" | "onBlur" | "onInput";

export function useZodForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    /** The fields' first values (else empty). */
    defaultValue?: DefaultValue<z.input<Schema>>;
    shouldValidate: ValidateOn;
    shouldRevalidate?: ValidateOn;
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
