// The loaders and actions every entity written by `npm run new:entity` shares (ADR 045), in the order a route module
// reads: guard first, then the entity's store, then what the page shows or a redirect with a toast. The area comes
// from the URL: one route module serves /app/<name> and /manager/<name>; the area's layout has already checked it.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";

import type { Permissions } from "~/.server/platform/auth/permissions";
import type { AnyEntity } from "~/lib/entity";
import { readListParams, toListData } from "~/lib/list-params";
import type { Toast } from "~/lib/toast";
import { auditActorOf } from "./caller";
import { requirePermission, userCan } from "./guards";
import { notFound, readForm, unknownIntent } from "./http";
import { getInstance } from "./i18n";
import { listOrFailure } from "./list-failure";
import { redirectWithToast } from "./toast";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: { id?: string } };
/** A save: done, no such entry, or refused by a rule of the entity's own with messages for its fields. */
type Saved =
  | { ok: true; entry: { id: string } }
  | { ok: false; error: "not-found" }
  | { ok: false; fieldErrors: Record<string, string[]> };
/** What the pages need of an entity's store (app/.server/features/entity-store.ts, matched where a route passes it). */
type Store<Row, Input> = {
  list(params: { searchTerm: string; cursor: string | null }): Promise<{ items: Row[]; nextCursor: string | null }>;
  get(id: string): Promise<Row | null>;
  save(input: Input, id: string | null, by: ReturnType<typeof auditActorOf>): Promise<Saved>;
  remove(id: string, by: ReturnType<typeof auditActorOf>): Promise<boolean>;
};

const may = (entity: AnyEntity, action: "read" | "create" | "update" | "delete") =>
  ({ [entity.name]: [action] }) as Permissions;
const areaOf = (request: Request): "app" | "manager" =>
  new URL(request.url).pathname.startsWith("/manager/") ? "manager" : "app";
const text = (args: Args, key: string, options?: Record<string, string>) =>
  getInstance(args.context).t(key as never, options as never) as unknown as string;
const toast = (entity: AnyEntity, key: "created" | "updated" | "deleted") =>
  ({ type: "success", message: `${entity.name}.${key}` as Toast["message"] }) as const;

async function requireEntry<Row>(store: Store<Row, never>, id: string | undefined): Promise<Row> {
  return (id ? await store.get(id) : null) ?? notFound();
}

/** The list page: the page of entries, the search as typed, "Load more", and whether the person may create. */
export async function loadEntityList<Row, Input>(args: Args, entity: AnyEntity, store: Store<Row, Input>) {
  const user = requirePermission(args, may(entity, "read"));
  const area = areaOf(args.request);
  const url = new URL(args.request.url);
  const params = readListParams(url);
  return {
    title: text(args, `${entity.name}.title`),
    area,
    canCreate: area === "manager" && userCan(user, may(entity, "create")),
    ...toListData(url, params, await listOrFailure(args.request, () => store.list(params))),
  };
}

/** The detail page: one entry, and what the person may do with it here (the user area only reads). */
export async function loadEntry<Row extends Record<string, unknown>, Input>(
  args: Args,
  entity: AnyEntity,
  store: Store<Row, Input>,
) {
  const user = requirePermission(args, may(entity, "read"));
  const area = areaOf(args.request);
  const entry = await requireEntry(store, args.params.id);
  return {
    title: String(entry[entity.titleField]),
    area,
    entry,
    canUpdate: area === "manager" && userCan(user, may(entity, "update")),
    canDelete: area === "manager" && userCan(user, may(entity, "delete")),
  };
}

/** The detail page's one form: the confirmed delete. */
export async function deleteEntry<Row, Input>(args: Args, entity: AnyEntity, store: Store<Row, Input>) {
  requirePermission(args, may(entity, "delete"));
  const formData = await readForm(args.request);
  if (formData.get("intent") !== "delete") return unknownIntent();
  if (!(await store.remove(args.params.id ?? "", auditActorOf(args.request, args.context)))) notFound();
  return redirectWithToast(`/manager/${entity.name}`, toast(entity, "deleted"));
}

/** The editor, at /manager/<name>/new and /manager/<name>/:id/update: nothing, or the entry to change. */
export async function loadEditor<Row extends Record<string, unknown>, Input>(
  args: Args,
  entity: AnyEntity,
  store: Store<Row, Input>,
) {
  requirePermission(args, may(entity, args.params.id ? "update" : "create"));
  if (!args.params.id) return { title: text(args, `${entity.name}.newTitle`), entry: null };
  const entry = await requireEntry(store, args.params.id);
  return { title: text(args, `${entity.name}.editTitle`, { name: String(entry[entity.titleField]) }), entry };
}

/** The editor's save: the schema's or the store's messages on a refusal (400), else the entry's page with a toast. */
export async function saveEntry<Row, Input>(args: Args, entity: AnyEntity, store: Store<Row, Input>) {
  const id = args.params.id ?? null;
  requirePermission(args, may(entity, id ? "update" : "create"));
  const submission = parseWithZod(await readForm(args.request), { schema: entity.schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await store.save(submission.value as Input, id, auditActorOf(args.request, args.context));
  if (!saved.ok && "fieldErrors" in saved)
    return data({ result: submission.reply({ fieldErrors: saved.fieldErrors }) }, { status: 400 });
  if (!saved.ok) notFound();
  return redirectWithToast(`/manager/${entity.name}/${saved.entry.id}`, toast(entity, id ? "updated" : "created"));
}
