/** Where google, facebook and instagram send the browser back after sign-in (the configured redirect URI). */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { finishSocialSignIn, isSocialProvider } from "~/auth/social.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isSocialProvider(params.provider)) throw data({ error: "unknown_provider" }, { status: 404 });
  return finishSocialSignIn(request, params.provider);
}
