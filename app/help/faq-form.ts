/**
 * The admin's FAQ question form: owns what `/admin/content/faq/new` and a question's edit page
 * accept (one zod schema for Conform in the browser and the action; errors are translation keys on
 * their fields). Shared: no database here.
 */
import { z } from "zod";
import { LOCALES } from "~/i18n/config";
import { FAQ_CATEGORIES } from "./faq";

export const FAQ_LIMITS = { question: 300, answer: 3_000 } as const;

const ERR = (key: string) => `content:faq.errors.${key}`;

const fields = {
  category: z.enum(FAQ_CATEGORIES, { errorMap: () => ({ message: ERR("categoryRequired") }) }),
  question: z
    .string({ required_error: ERR("questionRequired") })
    .trim()
    .min(1, ERR("questionRequired"))
    .max(FAQ_LIMITS.question, ERR("questionTooLong")),
  answer: z
    .string({ required_error: ERR("answerRequired") })
    .trim()
    .min(1, ERR("answerRequired"))
    .max(FAQ_LIMITS.answer, ERR("answerTooLong")),
};

/** A new question: its locale is chosen once; "published" is a checkbox (Conform sends "on"). */
export const NewFaqSchema = z.object({
  locale: z.enum(LOCALES, { errorMap: () => ({ message: ERR("localeRequired") }) }),
  ...fields,
  published: z.boolean().optional().default(false),
});
/** An existing question: its category and texts. */
export const EditFaqSchema = z.object(fields);

export type FaqInput = z.output<typeof EditFaqSchema>;
export type NewFaqInput = z.output<typeof NewFaqSchema>;
