// `npm run new:entity -- <plural-name> <field>:<type>[?] ...`: writes a whole entity in one folder, app/features/<name>/
// (ADR 045, docs/adding-an-entity.md), adds it to the route table, the permissions, both navigations and the four
// dictionaries, and generates its migration. A field list that cannot be built is refused with one line, and then
// nothing is written: every file is made in memory first, every edit checked against its anchor.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { FIELD_TYPES, type FieldType } from "../app/lib/entity";

type Field = { name: string; type: FieldType; optional: boolean };

/** Names a field may not take: the columns every entity has, the list's URL parameters, the form's intent. */
const RESERVED_FIELDS = new Set([
  "id",
  "createdAt",
  "updatedAt",
  "createdById",
  "intent",
  "searchTerm",
  "cursor",
  "modal",
  "fields",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
]);

/** Names an entity may not take: JavaScript's reserved words, and the names its route modules already use. */
const RESERVED_NAMES = new Set(
  [
    "await break case catch class const continue debugger default delete do else enum export extends false finally for",
    "function if implements import in instanceof interface let new null package private protected public return static",
    "super switch this throw true try typeof var void while with yield action args entity loader meta",
  ].flatMap((line) => line.split(" ")),
);

const root = process.cwd();
const read = (path: string) => readFileSync(join(root, path), "utf8");

class Refusal extends Error {}
const refuse = (why: string): never => {
  throw new Refusal(why);
};

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const words = (name: string) => snake(name).replace(/_/g, " ");
const singular = (plural: string) =>
  plural.endsWith("ies")
    ? `${plural.slice(0, -3)}y`
    : plural.endsWith("s") && !plural.endsWith("ss")
      ? plural.slice(0, -1)
      : plural;

function parse(args: string[]): { name: string; fields: Field[] } {
  const [name, ...specs] = args;
  if (!name || specs.length === 0) refuse("usage: npm run new:entity -- <plural-name> <field>:<type>[?] ...");
  if (!/^[a-z][a-z0-9]{1,30}$/.test(name!))
    refuse(`"${name}": an entity's name is one lower-case word (letters, digits)`);
  if (RESERVED_NAMES.has(name!)) refuse(`"${name}": a reserved name`);
  const fields = specs.map((spec): Field => {
    const match = /^([a-z][a-zA-Z0-9]{0,40}):([a-z]+)(\??)$/.exec(spec);
    if (!match) return refuse(`"${spec}": a field is <name>:<type> or <name>:<type>? (a camelCase name)`);
    const [, fieldName, type, optional] = match;
    if (!(FIELD_TYPES as readonly string[]).includes(type!))
      refuse(`"${spec}": unknown type "${type}" (known: ${FIELD_TYPES.join(", ")})`);
    if (RESERVED_FIELDS.has(fieldName!)) refuse(`"${fieldName}": a reserved name`);
    return { name: fieldName!, type: type as FieldType, optional: optional === "?" };
  });
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(snake(field.name))) refuse(`"${field.name}": a duplicate field`);
    seen.add(snake(field.name));
  }
  if (!fields.some((field) => field.type === "text"))
    refuse("an entity needs a text field: its first one names an entry");
  return { name: name!, fields };
}

/** The entity's name must be free: as a folder, a dictionary section, a URL of either area and a table. */
function refuseExisting(name: string) {
  if (existsSync(join(root, "app/features", name))) refuse(`"${name}" exists: app/features/${name}`);
  if (new RegExp(`^  ${name}: \\{`, "m").test(read("app/locales/en/translation.ts")))
    refuse(`"${name}" exists: a section of the dictionaries`);
  if (new RegExp(`route\\("${name}[/"]`).test(read("app/routes.ts")))
    refuse(`"${name}" exists: a URL of app/routes.ts`);
  const snapshots = readdirSync(join(root, "drizzle/meta"))
    .filter((file) => file.endsWith("_snapshot.json"))
    .sort();
  const latest = snapshots.at(-1);
  const tables = latest ? Object.keys(JSON.parse(read(`drizzle/meta/${latest}`)).tables ?? {}) : [];
  if (tables.includes(name) || tables.includes(singular(name))) refuse(`"${name}" exists: a table of the database`);
}

/** One edit of a shared file: `text` goes before (or after) the first line matching `anchor`. */
type Edit = { path: string; anchor: RegExp; text: string; after?: boolean };

function applyEdits(edits: Edit[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const edit of edits) {
    const lines = (files.get(edit.path) ?? read(edit.path)).split("\n");
    const index = lines.findIndex((line) => edit.anchor.test(line));
    if (index === -1)
      refuse(`${edit.path}: no line matches ${edit.anchor}; add the entity by hand (docs/adding-an-entity.md)`);
    lines.splice(edit.after ? index + 1 : index, 0, edit.text);
    files.set(edit.path, lines.join("\n"));
  }
  return files;
}

/** Adds `name` to the `import { ... } from "<from>"` of `source` when missing. */
function withImport(source: string, name: string, from: string): string {
  const pattern = new RegExp(`import \\{([^}]*)\\} from "${from.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}";`);
  const match = pattern.exec(source);
  if (!match) return refuse(`no import from ${from}; add the entity by hand`);
  const names = match[1]!
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (names.includes(name)) return source;
  const sorted = [...names, name].sort((a, b) => a.localeCompare(b));
  return source.replace(pattern, `import { ${sorted.join(", ")} } from "${from}";`);
}

const line = (key: string, value: string, indent: string) => `${indent}${key}: ${JSON.stringify(value)},`;

// The texts of the four languages: generic, with the entity's own words, for a translator to polish.
function dictionaryBlock(language: "en" | "fr" | "ar" | "sw", name: string, fields: Field[]): string {
  const one = words(singular(name));
  const many = words(name);
  const texts = {
    en: {
      title: capitalize(many),
      description: `The ${many} of this Groundwork instance.`,
      new: `New ${one}`,
      newTitle: `New ${one}`,
      editTitle: "Edit {{name}}",
      deleteDescription: `The ${one} {{name}} will be deleted. This cannot be undone.`,
      created: `${capitalize(one)} created.`,
      updated: `${capitalize(one)} updated.`,
      deleted: `${capitalize(one)} deleted.`,
      backToList: `Back to ${many}`,
      emptyTitle: `No ${many} yet`,
      emptyText: `Add the first ${one}.`,
      emptyTextReader: `The ${many} an administrator adds will show here.`,
    },
    fr: {
      title: capitalize(many),
      description: `Les éléments « ${many} » de cette instance Groundwork.`,
      new: `Nouveau : ${one}`,
      newTitle: `Nouveau : ${one}`,
      editTitle: "Modifier {{name}}",
      deleteDescription: "{{name}} sera supprimé. Cette action est irréversible.",
      created: "Élément créé.",
      updated: "Élément mis à jour.",
      deleted: "Élément supprimé.",
      backToList: `Retour à la liste « ${many} »`,
      emptyTitle: `Aucun élément « ${many} » pour l’instant`,
      emptyText: "Ajoutez le premier.",
      emptyTextReader: "Les éléments qu’un administrateur ajoute apparaîtront ici.",
    },
    ar: {
      title: capitalize(many),
      description: `عناصر «${many}» في نسخة Groundwork هذه.`,
      new: `جديد: ${one}`,
      newTitle: `جديد: ${one}`,
      editTitle: "تعديل {{name}}",
      deleteDescription: "سيُحذف {{name}}. لا يمكن التراجع عن ذلك.",
      created: "أُنشئ العنصر.",
      updated: "حُدّث العنصر.",
      deleted: "حُذف العنصر.",
      backToList: `العودة إلى «${many}»`,
      emptyTitle: `لا عناصر «${many}» بعد`,
      emptyText: "أضف العنصر الأول.",
      emptyTextReader: "ستظهر هنا العناصر التي يضيفها مسؤول.",
    },
    sw: {
      title: capitalize(many),
      description: `Vipengee vya «${many}» vya Groundwork hii.`,
      new: `Mpya: ${one}`,
      newTitle: `Mpya: ${one}`,
      editTitle: "Hariri {{name}}",
      deleteDescription: "{{name}} itafutwa. Hili haliwezi kutenduliwa.",
      created: "Kipengee kimeundwa.",
      updated: "Kipengee kimesasishwa.",
      deleted: "Kipengee kimefutwa.",
      backToList: `Rudi kwenye «${many}»`,
      emptyTitle: `Bado hakuna «${many}»`,
      emptyText: "Ongeza cha kwanza.",
      emptyTextReader: "Vipengee ambavyo msimamizi anaongeza vitaonekana hapa.",
    },
  }[language];
  return [
    `  ${name}: {`,
    ...Object.entries(texts).map(([key, value]) => line(key, value, "    ")),
    "    fields: {",
    ...fields.map((field) => line(field.name, capitalize(words(field.name)), "      ")),
    "    },",
    "  },",
  ].join("\n");
}

const COLUMN: Record<FieldType, (column: string) => string> = {
  text: (column) => `text("${column}")`,
  longtext: (column) => `text("${column}")`,
  url: (column) => `text("${column}")`,
  number: (column) => `real("${column}")`,
  boolean: (column) => `integer("${column}", { mode: "boolean" })`,
  date: (column) => `text("${column}")`,
};

/** An example value of each field, valid, for the tests the entity gets. */
const EXAMPLE: Record<FieldType, [string, string]> = {
  text: ["First", "Second"],
  longtext: ["A first text\non two lines.", "A second text."],
  url: ["https://example.com/first", "https://example.com/second"],
  number: ["12", "34.5"],
  boolean: ["true", "false"],
  date: ["2026-03-01", "2026-04-02"],
};

function featureFiles(name: string, fields: Field[]): Map<string, string> {
  const Name = capitalize(name);
  const store = `${name}Store`;
  const titleField = fields.find((field) => field.type === "text")!;
  const folder = `app/features/${name}`;
  const columnTypes = [...new Set(fields.map((field) => COLUMN[field.type]("").split("(")[0]!))].sort();
  const typed = (field: Field, which: 0 | 1) => {
    const value = EXAMPLE[field.type][which];
    if (field.type === "text") return JSON.stringify(`${value} ${field.name}`);
    return field.type === "number" || field.type === "boolean" ? value : JSON.stringify(value);
  };
  const exampleInput = (which: 0 | 1) =>
    `{ ${fields.map((field) => `${field.name}: ${typed(field, which)}`).join(", ")} }`;
  const sqlValues = fields
    .map((field) => {
      if (field === titleField) return "title";
      if (field.type === "boolean") return "1";
      return field.type === "number" ? EXAMPLE.number[0] : JSON.stringify(EXAMPLE[field.type][0]);
    })
    .join(", ");
  const exampleForm = `{ ${fields.map((field) => `${field.name}: ${JSON.stringify(EXAMPLE[field.type][0])}`).join(", ")} }`;
  const required = fields.filter((field) => !field.optional && field.type !== "boolean");
  const filled = (which: 0 | 1, indent: string) =>
    fields
      .map((field) => {
        const labelText = JSON.stringify(capitalize(words(field.name)));
        const label = `page.getByLabel(${labelText}, { exact: true })`;
        if (field.type === "boolean")
          return which === 0 ? `${indent}await ${label}.check();` : `${indent}await ${label}.uncheck();`;
        const value =
          field.type === "text"
            ? `\`${EXAMPLE.text[which]} ${field.name} \${unique}\``
            : JSON.stringify(EXAMPLE[field.type][which]);
        // With JavaScript a date field is the "Pick a date" button and its calendar (ADR 055).
        if (field.type === "date") return `${indent}await fillDate(page, page, ${labelText}, ${value});`;
        return `${indent}await ${label}.fill(${value});`;
      })
      .join("\n");
  const one = words(singular(name));

  return new Map([
    [
      `${folder}/entity.ts`,
      `// What ${one === name ? "an entry" : `a ${one}`} holds: the fields the form, the list and the detail show (ADR 045). Written by
// \`npm run new:entity\`; to add, rename or remove a field, see docs/adding-an-entity.md.
import { defineEntity } from "~/lib/entity";

export const ${name} = defineEntity("${name}", {
${fields.map((field) => `  ${field.name}: { type: "${field.type}"${field.optional ? ", optional: true" : ""} },`).join("\n")}
});
`,
    ],
    [
      `${folder}/table.server.ts`,
      `// The ${name} table; drizzle-kit reads this file (drizzle.config.ts). Change it, then \`npm run db:generate\`.
import { ${columnTypes.join(", ")} } from "drizzle-orm/sqlite-core";

import { entityTable } from "~/.server/platform/db/entity-table";

export const ${name}Table = entityTable("${name}", {
${fields
  .map((field) => {
    const base = COLUMN[field.type](snake(field.name));
    if (field.type === "boolean") return `  ${field.name}: ${base}.notNull().default(false),`;
    return `  ${field.name}: ${base}${field.optional ? "" : ".notNull()"},`;
  })
  .join("\n")}
});
`,
    ],
    [
      `${folder}/${name}.server.ts`,
      `// The rules of ${name}: the shared ones (list, search, keyset pages, save, delete, audit trail; ADR 045). A rule of
// its own goes here, in a function that wraps the store's (docs/adding-an-entity.md).
import { entityStore } from "~/.server/features/entity-store";
import { ${name} } from "./entity";
import { ${name}Table } from "./table.server";

export const ${store} = entityStore(${name}, ${name}Table);
`,
    ],
    [
      `${folder}/list.tsx`,
      `// /app/${name} and /manager/${name} (routes.ts): the list, its search and "Load more"; "New" for those who may.
import { loadEntityList } from "~/.server/web/entity-pages";
import { EntityListPage } from "~/components/entity/entity-pages";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { pageTitle } from "~/lib/meta";
import { ${name} } from "./entity";
import { ${store} } from "./${name}.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export const loader = (args: Route.LoaderArgs) => loadEntityList(args, ${name}, ${store});

export default function ${Name}List({ loaderData }: Route.ComponentProps) {
  return <EntityListPage entity={${name}} data={loaderData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
`,
    ],
    [
      `${folder}/detail.tsx`,
      `// /app/${name}/:id and /manager/${name}/:id (routes.ts): one entry; in the manager, Edit and a confirmed Delete.
import { deleteEntry, loadEntry } from "~/.server/web/entity-pages";
import { EntityDetailPage } from "~/components/entity/entity-pages";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { pageTitle } from "~/lib/meta";
import { ${name} } from "./entity";
import { ${store} } from "./${name}.server";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export const loader = (args: Route.LoaderArgs) => loadEntry(args, ${name}, ${store});

export const action = (args: Route.ActionArgs) => deleteEntry(args, ${name}, ${store});

export default function ${Name}Detail({ loaderData }: Route.ComponentProps) {
  return <EntityDetailPage entity={${name}} data={loaderData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
`,
    ],
    [
      `${folder}/editor.tsx`,
      `// /manager/${name}/new and /manager/${name}/:id/update (routes.ts): one form, one schema, one save.
import { loadEditor, saveEntry } from "~/.server/web/entity-pages";
import { EntityEditorPage } from "~/components/entity/entity-pages";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { pageTitle } from "~/lib/meta";
import { ${name} } from "./entity";
import { ${store} } from "./${name}.server";
import type { Route } from "./+types/editor";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.title);

export const loader = (args: Route.LoaderArgs) => loadEditor(args, ${name}, ${store});

export const action = (args: Route.ActionArgs) => saveEntry(args, ${name}, ${store});

export default function ${Name}Editor({ loaderData, actionData }: Route.ComponentProps) {
  return <EntityEditorPage entity={${name}} entry={loaderData.entry} result={actionData?.result} />;
}

export const ErrorBoundary = RouteErrorBoundary;
`,
    ],
    [
      `${folder}/${name}.test.ts`,
      `// The rules of ${name} against a real libSQL file: the form's schema, save, list, search, pages and delete.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { listAudit } from "~/features/audit/audit.server";
import { ${name} } from "./entity";
import { ${store} } from "./${name}.server";

const nobody = { user: null, impersonatorId: null, ip: null };
const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return parseWithZod(data, { schema: ${name}.schema });
};

describe("${name}", () => {
  it("refuses an empty form, naming each required field", () => {
    const result = form({});
    expect(result.status).toBe("error");
    expect(Object.keys(result.reply().error ?? {}).sort()).toEqual(${JSON.stringify(required.map((field) => field.name).sort())});
  });
${
  fields.some((field) => field.type === "url")
    ? `
  it("takes only http and https addresses", () => {
    const field = ${JSON.stringify(fields.find((field) => field.type === "url")!.name)};
    expect(${name}.schema.shape[field].safeParse("javascript:alert(1)").success).toBe(false);
    expect(${name}.schema.shape[field].safeParse("https://example.com").success).toBe(true);
  });
`
    : ""
}
  it("saves, lists in pages, searches, updates and deletes, each change in the audit trail", async () => {
    const first = await ${store}.save(${name}.schema.parse(${exampleInput(0)}), null, nobody);
    const second = await ${store}.save(${name}.schema.parse(${exampleInput(1)}), null, nobody);
    if (!first.ok || !second.ok) throw new Error("not saved");

    // Two saves in the same millisecond are ordered by id: which comes first is not known, only that each comes once.
    const page = await ${store}.list({ limit: 1 });
    const next = await ${store}.list({ limit: 1, cursor: page.nextCursor });
    expect([...page.items, ...next.items].map((entry) => entry.id).sort()).toEqual([first.entry.id, second.entry.id].sort());
    expect(next.nextCursor).toBeNull();
    expect((await ${store}.list({ searchTerm: "FIRST ${titleField.name}" })).items.map((entry) => entry.id)).toEqual([first.entry.id]);
    expect((await ${store}.list({ searchTerm: "100%_" })).items).toEqual([]);

    const updated = await ${store}.save(${name}.schema.parse(${exampleInput(1)}), first.entry.id, nobody);
    expect(updated.ok && updated.entry.${titleField.name}).toBe(${typed(titleField, 1)});
    expect(await ${store}.save(${name}.schema.parse(${exampleInput(1)}), "no-such-id", nobody)).toEqual({ ok: false, error: "not-found" });
    expect(await ${store}.remove(first.entry.id, nobody)).toBe(true);
    expect(await ${store}.remove(first.entry.id, nobody)).toBe(false);
    expect(await ${store}.get(first.entry.id)).toBeNull();

    const trail = await listAudit({ action: "entry.deleted" });
    expect(trail.items.map((entry) => [entry.targetType, entry.targetId])).toContainEqual(["${name}", first.entry.id]);
  });
});
`,
    ],
    [
      `${folder}/${name}.spec.ts`,
      `// The ${name} pages, JavaScript on and off: an admin creates past the form's errors, finds, edits and deletes; a
// user reads and is refused every change.
import { randomUUID } from "node:crypto";

${fields.some((field) => field.type === "date") ? 'import { fillDate } from "../../../tests/e2e/date-field";\n' : ""}import { expect, searchFor, signInWithRole, sql, test } from "../../../tests/e2e/fixtures";

test.describe("${name}", () => {
  test("an admin creates, finds, edits and deletes", async ({ page, mail, app }, testInfo) => {
    const unique = \`\${testInfo.project.name}-\${Math.random().toString(36).slice(2, 8)}\`;
    await signInWithRole(page, mail, app, testInfo, "admin");
    await page.getByRole("link", { name: ${JSON.stringify(capitalize(words(name)))} }).first().click();
    await expect(page).toHaveURL(/\\/manager\\/${name}$/);
    await page.getByRole("link", { name: ${JSON.stringify(`New ${one}`)} }).first().click();
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Required").first()).toBeVisible();
${filled(0, "    ")}
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText(${JSON.stringify(`${capitalize(one)} created.`)})).toBeVisible();
    const title = \`${EXAMPLE.text[0]} ${titleField.name} \${unique}\`;
    await expect(page.getByRole("heading", { name: title })).toBeVisible();

    await page.getByRole("link", { name: ${JSON.stringify(`Back to ${words(name)}`)} }).click();
    await searchFor(page, unique, testInfo);
    await page.getByRole("link", { name: title }).click();
    await page.getByRole("link", { name: "Edit" }).click();
${filled(1, "    ")}
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(${JSON.stringify(`${capitalize(one)} updated.`)})).toBeVisible();
    const changed = \`${EXAMPLE.text[1]} ${titleField.name} \${unique}\`;
    await expect(page.getByRole("heading", { name: changed })).toBeVisible();

    await page.getByRole("link", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText(${JSON.stringify(`${capitalize(one)} deleted.`)})).toBeVisible();
    await searchFor(page, unique, testInfo);
    await expect(page.getByText(\`No results for "\${unique}"\`)).toBeVisible();
  });

  test("a user reads, and may not change", async ({ page, mail, app }, testInfo) => {
    const title = \`${EXAMPLE.text[0]} ${titleField.name} \${testInfo.project.name}-\${Math.random().toString(36).slice(2, 8)}\`;
    await sql(app.databaseUrl, "insert into ${name} (id, ${fields.map((field) => snake(field.name)).join(", ")}, created_at, updated_at) values (?, ${fields.map(() => "?").join(", ")}, ?, ?)", [randomUUID(), ${sqlValues}, Date.now(), Date.now()]);
    await signInWithRole(page, mail, app, testInfo, "user");
    await page.goto("/app/${name}");
    await expect(page.getByRole("heading", { name: ${JSON.stringify(capitalize(words(name)))} })).toBeVisible();
    await expect(page.getByRole("link", { name: ${JSON.stringify(`New ${one}`)} })).toHaveCount(0);
    await searchFor(page, title, testInfo);
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Delete" })).toHaveCount(0);
    expect((await page.goto("/manager/${name}/new"))?.status()).toBe(403);
    const forged = await page.request.post("/manager/${name}/new", { form: ${exampleForm}, headers: { Origin: app.url } });
    expect(forged.status()).toBe(403);
  });
});
`,
    ],
  ]);
}

function sharedEdits(name: string, fields: Field[]): Map<string, string> {
  const edits: Edit[] = [
    {
      path: "app/routes.ts",
      anchor: /id: "app-not-found"/,
      text: `    route("${name}", "features/${name}/list.tsx", { id: "app-${name}" }),\n    route("${name}/:id", "features/${name}/detail.tsx", { id: "app-${name}-detail" }),`,
    },
    {
      path: "app/routes.ts",
      anchor: /id: "manager-not-found"/,
      text: [
        `    route("${name}", "features/${name}/list.tsx", { id: "manager-${name}" }),`,
        `    route("${name}/new", "features/${name}/editor.tsx", { id: "manager-${name}-new" }),`,
        `    route("${name}/:id", "features/${name}/detail.tsx", { id: "manager-${name}-detail" }),`,
        `    route("${name}/:id/update", "features/${name}/editor.tsx", { id: "manager-${name}-update" }),`,
      ].join("\n"),
    },
    {
      path: "app/.server/platform/auth/permissions.ts",
      anchor: /^  repository: \["read", "create", "update", "delete"\],$/,
      text: `  ${name}: ["read", "create", "update", "delete"],`,
      after: true,
    },
    {
      path: "app/.server/platform/auth/permissions.ts",
      anchor: /^    repository: \["read"\],$/,
      text: `    ${name}: ["read"],`,
      after: true,
    },
    {
      path: "app/.server/platform/auth/permissions.ts",
      anchor: /^    repository: \["read", "create", "update", "delete"\],$/,
      text: `    ${name}: ["read", "create", "update", "delete"],`,
      after: true,
    },
    ...(["app", "manager"] as const).map((area) => ({
      path: `app/routes/${area}/layout.tsx`,
      anchor: new RegExp(`to: "/${area}/repositories"`),
      text: `        { to: "/${area}/${name}", label: t("${name}.title"), icon: FileText },`,
      after: true,
    })),
    ...(["en", "fr", "ar", "sw"] as const).map((language) => ({
      path: `app/locales/${language}/translation.ts`,
      anchor: /^}( satisfies Dictionary)?;$/,
      text: dictionaryBlock(language, name, fields),
    })),
  ];
  const edited = applyEdits(edits);
  for (const area of ["app", "manager"]) {
    const path = `app/routes/${area}/layout.tsx`;
    edited.set(path, withImport(edited.get(path)!, "FileText", "~/components/ui/icons"));
  }
  return edited;
}

function main() {
  const { name, fields } = parse(process.argv.slice(2));
  refuseExisting(name);
  const written = featureFiles(name, fields);
  const edited = sharedEdits(name, fields);
  // Nothing was refused: write.
  mkdirSync(join(root, "app/features", name), { recursive: true });
  for (const [path, text] of [...written, ...edited]) writeFileSync(join(root, path), text);
  const paths = [...written.keys(), ...edited.keys()];
  execFileSync("npx", ["prettier", "--write", "--log-level=warn", ...paths], { stdio: "inherit" });
  // A new table alone never makes drizzle-kit ask a question (a rename would).
  execFileSync("npx", ["drizzle-kit", "generate", `--name=${name}`], { stdio: ["ignore", "ignore", "inherit"] });
  console.log(`${name}: ${written.size} files in app/features/${name}/, ${edited.size} files edited, one migration.`);
  console.log(`Try it: npm run dev, then /manager/${name}. Change it: docs/adding-an-entity.md.`);
}

try {
  main();
} catch (error) {
  if (!(error instanceof Refusal)) throw error;
  console.error(`new:entity: ${error.message}`);
  process.exitCode = 1;
}
