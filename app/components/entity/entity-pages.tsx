// The pages every entity written by `npm run new:entity` shares (ADR 045): the list (search, "Load more", empty and
// no-result states), the detail with its delete confirmation, and the editor. An entity's route modules pass them
// its definition and their loader's data; the texts are the entity's own dictionary section (app/locales).
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";

import { BackLink } from "~/components/layout/back-link";
import { PageHeader } from "~/components/layout/page-header";
import { Button, buttonClassName } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { FileText, Plus } from "~/components/ui/icons";
import { DialogLink } from "~/components/ui/responsive-dialog";
import { SearchableList } from "~/components/ui/searchable-list";
import { WithUserText } from "~/components/users/user-text";
import type { AnyEntity, EntryView } from "~/lib/entity";
import { useFormat } from "~/lib/format";
import type { ListData } from "~/lib/list-params";
import { useTranslation } from "~/lib/translation";
import { isFirstInvalid, useSchemaForm } from "~/lib/use-schema-form";
import { translateMessage } from "~/lib/validation";

type Area = "app" | "manager";

/** The entity's own texts: its dictionary section is named after it, so its keys are made here, once. */
function useEntityText(entity: AnyEntity) {
  const { t } = useTranslation();
  return (key: string, options?: Record<string, string>) =>
    t(`${entity.name}.${key}` as never, options as never) as unknown as string;
}

/** One field's value as the list and the detail show it; an empty optional field shows as such. */
function FieldValue({ entity, entry, field }: { entity: AnyEntity; entry: EntryView; field: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const value = entry[field];
  if (value === null || value === undefined || value === "") return <>{t("entities.none")}</>;
  switch (entity.fields[field]!.type) {
    case "boolean":
      return <>{value ? t("entities.yes") : t("entities.no")}</>;
    case "date":
      return <time dateTime={String(value)}>{format.date(String(value))}</time>;
    case "number":
      return <>{format.number(Number(value))}</>;
    case "url":
      return (
        <a
          href={String(value)}
          rel="noopener noreferrer nofollow"
          target="_blank"
          dir="ltr"
          className="break-all underline underline-offset-4"
        >
          {String(value)}
        </a>
      );
    default:
      return <bdi className="whitespace-pre-line [overflow-wrap:anywhere]">{String(value)}</bdi>;
  }
}

/** /app/<name> and /manager/<name>: the searchable list, and "New" for those who may create. */
export function EntityListPage({
  entity,
  data,
}: {
  entity: AnyEntity;
  data: ListData<EntryView> & { area: Area; canCreate: boolean };
}) {
  const { t } = useTranslation();
  const text = useEntityText(entity);
  const format = useFormat();
  const base = `/${data.area}/${entity.name}`;
  const createHref = data.canCreate ? `${base}/new` : null;
  const shown = Object.keys(entity.fields).filter(
    (field) => field !== entity.titleField && entity.fields[field]!.type !== "longtext",
  );
  const newLink = (label: string) =>
    createHref ? (
      <Link to={createHref} className={buttonClassName("primary")}>
        <Plus aria-hidden="true" className="size-4" />
        {label}
      </Link>
    ) : undefined;
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title={text("title")} description={text("description")} actions={newLink(text("new"))} />
      <SearchableList
        data={data}
        label={text("title")}
        empty={{
          icon: <FileText />,
          title: text("emptyTitle"),
          text: createHref ? text("emptyText") : text("emptyTextReader"),
          action: newLink(t("entities.emptyAction")),
        }}
        getKey={(entry) => entry.id}
        columns={[
          {
            key: entity.titleField,
            header: text(`fields.${entity.titleField}`),
            primary: true,
            renderCell: (entry) => (
              <Link to={`${base}/${entry.id}`} className="min-w-0 [overflow-wrap:anywhere] data-list-link">
                <bdi>{String(entry[entity.titleField])}</bdi>
              </Link>
            ),
          },
          ...shown.slice(0, 3).map((field) => ({
            key: field,
            header: text(`fields.${field}`),
            renderCell: (entry: EntryView) => <FieldValue entity={entity} entry={entry} field={field} />,
          })),
          {
            key: "updatedAt",
            header: t("entities.updatedColumn"),
            className: "md:whitespace-nowrap",
            renderCell: (entry) => (
              <time dateTime={new Date(entry.updatedAt).toISOString()}>{format.date(entry.updatedAt)}</time>
            ),
          },
        ]}
      />
    </section>
  );
}

/** /app/<name>/:id and /manager/<name>/:id: every field, the dates, and Edit and Delete for those who may. */
export function EntityDetailPage({
  entity,
  data,
}: {
  entity: AnyEntity;
  data: { area: Area; entry: EntryView; canUpdate: boolean; canDelete: boolean };
}) {
  const { t } = useTranslation();
  const text = useEntityText(entity);
  const format = useFormat();
  const { entry } = data;
  const base = `/${data.area}/${entity.name}`;
  const title = String(entry[entity.titleField]);
  return (
    <section className="flex flex-col gap-6">
      <BackLink to={base}>{text("backToList")}</BackLink>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">
          <bdi>{title}</bdi>
        </h1>
        <div className="flex gap-3">
          {data.canUpdate ? (
            <Link to={`${base}/${entry.id}/update`} className={buttonClassName("secondary")}>
              {t("entities.edit")}
            </Link>
          ) : null}
          {data.canDelete ? (
            <DialogLink name="delete" className={buttonClassName("danger")}>
              {t("entities.delete")}
            </DialogLink>
          ) : null}
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-zinc-200 p-4 sm:grid-cols-[max-content_minmax(0,1fr)] dark:border-zinc-800">
        {Object.keys(entity.fields).map((field) => (
          <div key={field} className="contents">
            <dt className="text-sm text-zinc-600 dark:text-zinc-400">{text(`fields.${field}`)}</dt>
            <dd className="min-w-0">
              <FieldValue entity={entity} entry={entry} field={field} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t("entities.createdAt", { date: format.dateTime(entry.createdAt) })} ·{" "}
        {t("entities.updatedAt", { date: format.dateTime(entry.updatedAt) })}
      </p>
      {data.canDelete ? (
        <ConfirmDialog
          name="delete"
          description={<WithUserText sentence={(name) => text("deleteDescription", { name })} value={title} />}
          fields={{ intent: "delete" }}
        />
      ) : null}
    </section>
  );
}

/** /manager/<name>/new and /manager/<name>/:id/update: one form, one schema; what was typed stays after a refusal. */
export function EntityEditorPage({
  entity,
  entry,
  result,
}: {
  entity: AnyEntity;
  entry: EntryView | null;
  result: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const text = useEntityText(entity);
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(entity.schema, {
    lastResult: result,
    defaultValue: entry
      ? (Object.fromEntries(Object.keys(entity.fields).map((field) => [field, entry[field] ?? undefined])) as never)
      : undefined,
  });
  const title = entry ? String(entry[entity.titleField]) : null;
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">
        {title ? <WithUserText sentence={(name) => text("editTitle", { name })} value={title} /> : text("newTitle")}
      </h1>
      <Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-2">
        {Object.entries(entity.fields).map(([name, { type }]) => {
          const field = fields[name]!;
          const label = text(`fields.${name}`);
          if (type === "longtext" || type === "boolean") {
            const error = field.errors?.[0];
            const control: ReactNode =
              type === "longtext" ? (
                <textarea
                  {...getTextareaProps(field)}
                  rows={5}
                  // The first invalid field takes focus when the server answers with errors (use-schema-form.ts).
                  // oxlint-disable-next-line jsx-a11y/no-autofocus
                  autoFocus={isFirstInvalid(field.errors) || undefined}
                  aria-describedby={field.errorId}
                  className="rounded-md border border-zinc-300 bg-white px-3 py-2 text-base dark:border-zinc-700 dark:bg-zinc-900"
                />
              ) : (
                <input
                  {...getInputProps(field, { type: "checkbox" })}
                  aria-describedby={field.errorId}
                  className="size-4"
                />
              );
            return (
              <div
                key={name}
                className={type === "boolean" ? "flex flex-wrap items-center gap-2" : "flex flex-col gap-1"}
              >
                {type === "boolean" ? control : null}
                <label htmlFor={field.id} className="text-sm font-medium">
                  {label}
                </label>
                {type === "longtext" ? control : null}
                <p id={field.errorId} className="min-h-5 basis-full text-sm text-red-700 dark:text-red-400">
                  {error ? translateMessage(t, error) : null}
                </p>
              </div>
            );
          }
          return (
            <div key={name}>
              <Field
                {...getInputProps(field, { type: type === "text" ? "text" : type })}
                {...(type === "url"
                  ? { dir: "ltr", inputMode: "url" as const }
                  : type === "number"
                    ? { step: "any" }
                    : {})}
                label={label}
                errors={field.errors}
                errorId={field.errorId}
              />
            </div>
          );
        })}
        <div className="flex flex-wrap gap-3">
          <Button pending={navigation.state === "submitting"}>
            {entry ? t("entities.save") : t("entities.create")}
          </Button>
          <Link
            to={entry ? `/manager/${entity.name}/${entry.id}` : `/manager/${entity.name}`}
            className={buttonClassName("secondary")}
          >
            {t("entities.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
