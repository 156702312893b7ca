/**
 * A page of about `?bytes=` bytes of HTML (default 30,000): a loader and a list of paragraphs,
 * the shape of a content page, so the bench compares like with like.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

const PARAGRAPH =
  "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.";
// Remix's own document (scripts, context) around the paragraphs: about 2 KB.
const FRAME_BYTES = 2_000;
const PARAGRAPH_BYTES = `<p class="text">${PARAGRAPH} 000</p>`.length;

export function loader({ request }: LoaderFunctionArgs) {
  const bytes = Math.min(500_000, Math.max(0, Number(new URL(request.url).searchParams.get("bytes") ?? 30_000) || 0));
  return { paragraphs: Math.max(1, Math.round((bytes - FRAME_BYTES) / PARAGRAPH_BYTES)), generatedAt: new Date().toISOString() };
}

export default function Index() {
  const { paragraphs } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Baseline</h1>
      {Array.from({ length: paragraphs }, (_, i) => (
        <p key={i} className="text">
          {`${PARAGRAPH} ${String(i).padStart(3, "0")}`}
        </p>
      ))}
    </main>
  );
}
