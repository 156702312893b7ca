/** The account's active sessions (end one or all) and the admins' notes (add one). */
import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors, SubmitButton, TextareaField } from "~/components/forms";
import { useTranslation } from "~/i18n/react";
import { usePageLocale } from "~/i18n/use-page-locale";
import { NOTE_MAX_LENGTH } from "~/users/account-states";
import { useIntentForm } from "./forms";
import { columnsFor, Section, TableSection } from "./section";
import { formatDateTime } from "~/utils/dates";
import type { LoaderData } from "./route";

export function SessionsSection({ sessions }: { sessions: LoaderData["sessions"] }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { form } = useIntentForm<Record<string, never>>("revokeAll");
  const column = columnsFor<(typeof sessions)[number]>(locale);
  return (
    <TableSection
      title={t("users.sessions.title")}
      id="sessions-title"
      empty={t("users.sessions.empty")}
      testId="sessions-table"
      rows={sessions}
      rowKey={(session) => session.id}
      columns={[
        column.date("started", t("users.sessions.started"), (session) => session.createdAt, true),
        column.date("lastSeen", t("users.sessions.lastSeen"), (session) => session.lastSeenAt, true),
        {
          key: "remember",
          header: t("users.sessions.remember"),
          cell: (session) => (session.remember ? t("users.yes") : t("users.no")),
        },
        {
          key: "device",
          header: t("users.sessions.device"),
          className: "break-words text-xs text-slate-600 md:max-w-xs",
          cell: (session) => session.userAgent || t("users.sessions.unknownDevice"),
        },
        {
          key: "action",
          header: t("users.sessions.action"),
          cell: (session) => (
            <Form method="post">
              <input type="hidden" name="intent" value="revokeSession" />
              <input type="hidden" name="sessionId" value={session.id} />
              <SubmitButton className="btn-secondary whitespace-nowrap">{t("users.sessions.revoke")}</SubmitButton>
            </Form>
          ),
        },
      ]}
    >
      <Form method="post" className="mt-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="revokeAll" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SubmitButton className="btn-secondary">{t("users.sessions.revokeAll")}</SubmitButton>
      </Form>
    </TableSection>
  );
}

export function NotesSection({ notes }: { notes: LoaderData["notes"] }) {
  const { t } = useTranslation("admin");
  const locale = usePageLocale();
  const { form, fields } = useIntentForm<{ body: string }>("note");
  return (
    <Section title={t("users.notes.title")} id="notes-title">
      <p className="mb-3 text-sm text-slate-600">{t("users.notes.intro")}</p>
      <Form method="post" className="max-w-2xl" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="note" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextareaField
          labelProps={{ children: t("users.notes.label") }}
          textareaProps={{ ...getTextareaProps(fields.body), maxLength: NOTE_MAX_LENGTH, rows: 3 }}
          errors={fields.body.errors}
        />
        <SubmitButton className="btn-secondary">{t("users.notes.submit")}</SubmitButton>
      </Form>
      {notes.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t("users.notes.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="admin-notes">
          {notes.map((note) => (
            <li key={note.id} className="rounded-xl border border-slate-200 p-3">
              <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{note.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {t("users.notes.by", {
                  name: note.author?.name ?? t("users.notes.unknownAuthor"),
                  date: formatDateTime(note.createdAt, locale),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
