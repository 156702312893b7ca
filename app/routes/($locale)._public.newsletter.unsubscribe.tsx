/** Newsletter unsubscribe: the e-mailed link opens this page; its button does it. */
import { NewsletterStepPage } from "~/components/newsletter-step";

export { handle, clientLoader, meta } from "~/components/newsletter-step";
export { unsubscribeLoader as loader, unsubscribeAction as action } from "~/newsletter/newsletter-step.server";

export default function NewsletterPage() {
  return <NewsletterStepPage step="unsubscribe" />;
}
