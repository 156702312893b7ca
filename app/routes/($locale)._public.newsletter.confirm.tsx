/** Newsletter confirm: the e-mailed link opens this page; its button does it. */
import { NewsletterStepPage } from "~/components/newsletter-step";

export { handle, clientLoader, meta } from "~/components/newsletter-step";
export { confirmLoader as loader, confirmAction as action } from "~/newsletter/newsletter-step.server";

export default function NewsletterPage() {
  return <NewsletterStepPage step="confirm" />;
}
