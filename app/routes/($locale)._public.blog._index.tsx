/** Blog: articles in the page's locale (GET search, pages) and the newsletter sign-up (double opt-in). */
import { getFormProps } from "@conform-to/react";
import { useZodForm } from "~/components/zod-form";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { z } from "zod";
import { listPosts } from "~/blog/blog.server";
import { FormErrors, HoneypotFields, SubmitButton } from "~/components/forms";
import { EmailField } from "~/components/forms-conform";
import { Pagination } from "~/components/pagination";
import { env } from "~/config/env.server";
import { db } from "~/db/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { outboxMailer } from "~/jobs/outbox.server";
import { subscribe } from "~/newsletter/newsletter.server";
import { clientAddress } from "~/security/client-address.server";
import { requireSameOrigin } from "~/security/csrf.server";
import { checkHoneypot, issueFormToken } from "~/security/honeypot.server";
import { consumeRateLimit, minutesToWait } from "~/security/rate-limit.server";
import { EmailSchema } from "~/users/validation";
import { formatDate } from "~/utils/dates";
import { takeFlash } from "~/utils/flash.server";
import { metaFromLoader } from "~/utils/meta";
import { pageMeta } from "~/utils/meta.server";
import { pageFromSearch } from "~/utils/pagination";
import { localePath } from "~/utils/paths";
import { withNamespaces } from "~/i18n/client-loader";
import { readForm } from "~/utils/form-data.server";
import { redirectWithFlash } from "~/utils/http.server";
import { EmptyState, SearchPageHeader } from "~/components/public-pages";
import { usePage } from "~/i18n/react";

export const handle = { i18n: ["common", "blog"], pageCache: true };
export const clientLoader = withNamespaces(handle.i18n);

const NewsletterSchema = z.object({ email: EmailSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const search = new URL(request.url).searchParams;
  const query = (search.get("q") ?? "").slice(0, 100);
  const { flash, headers } = await takeFlash(request);
  return data(
    {
      meta: await pageMeta(params, "blog", "meta"),
      query,
      posts: await listPosts(db(), { locale, query, page: pageFromSearch(search.get("page")) }),
      formToken: issueFormToken(),
      subscribed: flash?.kind === "newsletter" && flash.outcome === "checkInbox",
    },
    { headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: NewsletterSchema });
  if (checkHoneypot(formData) !== "ok") {
    return data({ result: submission.reply({ formErrors: ["blog:newsletter.rejected"] }), wait: null }, { status: 400 });
  }
  if (submission.status !== "success") return data({ result: submission.reply(), wait: null }, { status: 400 });

  const verdict = await consumeRateLimit(db(), "newsletter", clientAddress(request));
  if (!verdict.allowed) {
    return data(
      {
        result: submission.reply({ formErrors: ["common:errors.tooManyAttemptsMinutes"] }),
        wait: minutesToWait(verdict.retryAfterSeconds),
      },
      { status: 429 },
    );
  }
  const config = env();
  await subscribe(
    db(),
    { email: submission.value.email, locale },
    { mailer: outboxMailer(db()), appUrl: config.appUrl, secret: config.sessionSecrets[0]! },
  );
  throw await redirectWithFlash(`${localePath(locale, "/blog")}#newsletter-signup`, { kind: "newsletter", outcome: "checkInbox" });
}

export const meta: MetaFunction<typeof loader> = metaFromLoader;

export default function BlogPage() {
  const { t, locale, loaderData, actionData } = usePage<typeof loader, typeof action>("blog");
  const { query, posts, formToken, subscribed } = loaderData;
  const [form, fields] = useZodForm(NewsletterSchema, {
    id: "newsletter-form",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
  });

  return (
    <div className="container-page py-16">
      <SearchPageHeader ns="blog" searchId="blog-search" query={query} count={posts.total} clearTo={localePath(locale, "/blog")} />

      {posts.items.length === 0 ? (
        <EmptyState title={t("empty.title")} text={t("empty.text")} className="mx-auto mt-12 max-w-xl" />
      ) : (
        <ul className="mt-12 grid gap-8 md:grid-cols-2 lg:grid-cols-3" data-testid="post-list">
          {posts.items.map((post) => (
            <li key={post.slug} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 shadow-sm">
              {post.cover ? <img src={post.cover} alt="" className="aspect-[16/9] w-full bg-brand-50 object-cover" /> : null}
              <div className="flex flex-1 flex-col p-6">
                <p className="text-xs text-slate-600">
                  <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, locale)}</time> ·{" "}
                  {t("readingTime", { count: post.readingMinutes })}
                </p>
                <h2 className="mt-2 text-lg font-semibold">
                  <Link to={localePath(locale, `/blog/${post.slug}`)} className="hover:underline">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-2 flex-1 text-sm text-slate-600">{post.excerpt}</p>
                <p className="mt-4 text-xs font-medium text-slate-700">{post.author}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={posts.page} pageCount={posts.pageCount} />

      <section
        id="newsletter-signup"
        className="mx-auto mt-20 max-w-2xl rounded-3xl bg-night p-8 text-white sm:p-10"
        aria-labelledby="newsletter-title"
      >
        <h2 id="newsletter-title" className="text-2xl font-bold">
          {t("newsletter.title")}
        </h2>
        <p className="mt-2 text-white/80">{t("newsletter.text")}</p>
        {subscribed ? (
          <p role="status" className="mt-6 rounded-lg bg-white/10 px-4 py-3 font-medium" data-testid="newsletter-check-inbox">
            {t("newsletter.checkInbox")}
          </p>
        ) : (
          <Form method="post" className="relative mt-6" {...getFormProps(form)}>
            <HoneypotFields formToken={formToken} />
            <div className="rounded-lg bg-surface p-4 text-slate-900">
              <FormErrors id={form.errorId} errors={form.errors} values={{ minutes: actionData?.wait ?? 1 }} />
              <EmailField field={fields.email} label={t("newsletter.email")} placeholder={t("newsletter.placeholder")} />
              <SubmitButton pendingLabel={t("newsletter.subscribing")}>{t("newsletter.subscribe")}</SubmitButton>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
