import { buildTemplateDatabase } from "./template-db";

export default async function setup() {
  await buildTemplateDatabase();
}
