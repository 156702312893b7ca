/** Where google, facebook and instagram send the browser back after sign-in (the configured redirect URI). */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { finishSocialSignIn, isSocialProvider } from "~/auth/social.server";
import { notFound } from "~/utils/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isSocialProvider(params.provider)) throw notFound();
  return finishSocialSignIn(request, params.provider);
}
