/**
 * The assistant's question form: owns what `/assistant` and `/assistant/stream` accept (one zod
 * schema for Conform in the browser and both actions; errors are `assistant:` translation keys).
 * Shared: no database here.
 */
import { z } from "zod";
import { QUESTION_MAX } from "./assistant";

export const AskSchema = z.object({
  question: z
    .string({ required_error: "assistant:errors.required" })
    .trim()
    .min(1, "assistant:errors.required")
    .max(QUESTION_MAX, "assistant:errors.tooLong")
    .refine((value) => !value.includes("\u0000"), "assistant:errors.required"),
  /** The client account the page was opened for (`?client=`); only ever one of the user's own is used. */
  client: z.string().trim().max(64).optional(),
});
