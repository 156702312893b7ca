/** FAQ search: filters each category's questions by question or answer text, case-insensitively. */
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
        (q) =>
          q.question.toLocaleLowerCase(locale).includes(needle) || q.answer.toLocaleLowerCase(locale).includes(needle),
      ),
    }))
    .filter((category) => category.questions.length > 0);
}
