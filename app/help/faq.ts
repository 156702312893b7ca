/**
 * The FAQ's shape, shared by the server and the browser: its categories (titles in the `faq`
 * namespace, `categories.<id>`), and the search that filters each category's questions by question
 * or answer text, case-insensitively. The questions themselves live in `faq_entries` (faq.server.ts).
 */
export const FAQ_CATEGORIES = ["general", "cashback", "loyalty", "wallet", "account", "tools"] as const;
export type FaqCategoryId = (typeof FAQ_CATEGORIES)[number];

export function isFaqCategory(value: unknown): value is FaqCategoryId {
  return typeof value === "string" && (FAQ_CATEGORIES as readonly string[]).includes(value);
}

export interface FaqQuestion {
  question: string;
  answer: string;
}
export interface FaqCategory {
  id: string;
  title: string;
  questions: FaqQuestion[];
}

export function filterFaq(categories: FaqCategory[], query: string, locale = "en"): FaqCategory[] {
  const needle = query.trim().toLocaleLowerCase(locale);
  if (!needle) return categories;
  return categories
    .map((category) => ({
      ...category,
      questions: category.questions.filter(
        (q) => q.question.toLocaleLowerCase(locale).includes(needle) || q.answer.toLocaleLowerCase(locale).includes(needle),
      ),
    }))
    .filter((category) => category.questions.length > 0);
}
