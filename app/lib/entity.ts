// What an entity written by `npm run new:entity` is made of (ADR 045): its name and its fields. From them come, once
// for every entity, the form schema the page and the action share, the list's columns and the detail's rows.
import { z } from "zod";

import { plainMultilineText, visibleText } from "./schemas/text";
import { message } from "./validation";

/** The kinds of field the generator knows (scripts/new-entity.ts refuses any other). */
export const FIELD_TYPES = ["text", "longtext", "url", "number", "boolean", "date"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export type FieldDefinition = { type: FieldType; optional?: boolean };

const TEXT_MAX = 200;
const LONGTEXT_MAX = 5000;
const URL_MAX = 2000;

/** An address that opens a web page: http or https only, so a `javascript:` link can never be stored. */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** A calendar day as `<input type="date">` sends it (YYYY-MM-DD), and one that exists. */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

// conform turns an empty input into `undefined` and a number's text into a number before zod reads it.
const required = () => ({ error: message("validation.required") });
const rules = {
  text: () =>
    z
      .string(required())
      .normalize("NFC")
      .trim()
      .min(1, message("validation.required"))
      .max(TEXT_MAX, message("validation.tooLong", { max: TEXT_MAX }))
      .refine(visibleText, message("validation.invalidInput")),
  longtext: () =>
    z
      .string(required())
      .normalize("NFC")
      .trim()
      .min(1, message("validation.required"))
      .max(LONGTEXT_MAX, message("validation.tooLong", { max: LONGTEXT_MAX }))
      .refine(plainMultilineText, message("validation.invalidInput")),
  url: () =>
    z
      .string(required())
      .trim()
      .max(URL_MAX, message("validation.tooLong", { max: URL_MAX }))
      .refine(isWebAddress, message("validation.webAddress")),
  number: () =>
    z
      .number({ error: (issue) => message(issue.input === undefined ? "validation.required" : "validation.number") })
      .finite(message("validation.number")),
  boolean: () => z.boolean().default(false),
  date: () => z.string(required()).refine(isCalendarDay, message("validation.date")),
} satisfies Record<FieldType, () => z.ZodType>;

type Rule<F extends FieldDefinition> = ReturnType<(typeof rules)[F["type"]]>;
type Shape<Fields extends Record<string, FieldDefinition>> = {
  [Name in keyof Fields]: Fields[Name]["optional"] extends true
    ? z.ZodOptional<z.ZodNullable<Rule<Fields[Name]>>>
    : Rule<Fields[Name]>;
};

export type EntityDefinition<Fields extends Record<string, FieldDefinition> = Record<string, FieldDefinition>> = {
  /** The plural name: the URL (/manager/notes), the dictionary section, the permission resource. */
  name: string;
  fields: Fields;
  /** The first text field: what names an entry in its heading, the delete confirmation and the audit trail. */
  titleField: keyof Fields & string;
  schema: z.ZodObject<Shape<Fields>>;
};

/** What the shared pages and rules take of any entity (its fields' types are its own business). */
export type AnyEntity = {
  name: string;
  fields: Readonly<Record<string, FieldDefinition>>;
  titleField: string;
  schema: z.ZodObject;
};

/** An entity's definition, with the schema its form and its action share. */
export function defineEntity<const Fields extends Record<string, FieldDefinition>>(
  name: string,
  fields: Fields,
): EntityDefinition<Fields> {
  const titleField = Object.keys(fields).find((field) => fields[field]!.type === "text");
  if (!titleField) throw new Error(`${name}: an entity needs a text field to name its entries`);
  const shape = Object.fromEntries(
    Object.entries(fields).map(([field, { type, optional }]) => {
      const rule: z.ZodType = rules[type]();
      // An optional field left empty is stored as null; a boolean is always true or false.
      return [field, optional && type !== "boolean" ? rule.nullable().optional() : rule];
    }),
  );
  return { name, fields, titleField, schema: z.object(shape) as z.ZodObject<Shape<Fields>> };
}

/** An entry as pages show it: its fields, its id and its dates (as they travel: Date or ISO text). */
export type EntryView = {
  id: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  [field: string]: string | number | boolean | Date | null;
};
