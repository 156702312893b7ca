/**
 * The base of the app's own errors: named after their class, so `error.name` reads
 * "ArticleSlugTakenError" in logs and tests without each class saying so.
 */
export class NamedError extends Error {
  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}
