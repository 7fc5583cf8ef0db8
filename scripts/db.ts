// `npm run db:migrate`, `npm run db:seed`, and `prepare` (what the server does at start: migrate, seed when empty).
import { prepareDatabase } from "../app/.server/db/prepare";

const command = process.argv[2];
if (command === "migrate") await prepareDatabase({ seed: "never" });
else if (command === "seed") await prepareDatabase({ seed: "always" });
else if (command === "prepare") await prepareDatabase();
else {
  console.error("usage: db.ts migrate|seed|prepare");
  process.exit(2);
}
process.exit(0);
