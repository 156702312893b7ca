/** POST /api/v1/postbacks/:network: signed conversion postbacks from affiliate networks (see ~/cashback/postbacks.server). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/utils/json.server";
import { handlePostback } from "~/cashback/postbacks.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, "POST");
  return handlePostback(request, params.network);
}

export async function loader({ request }: LoaderFunctionArgs) {
  return methodNotAllowed(request, "POST");
}
