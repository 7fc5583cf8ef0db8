// `npm run db:migrate` and `npm run db:seed`: the same code the server runs at start.
import { prepareDatabase } from "../app/.server/db/prepare";

const command = process.argv[2];
if (command === "migrate") await prepareDatabase({ seed: "never" });
else if (command === "seed") await prepareDatabase({ seed: "always" });
else {
  console.error("usage: db.ts migrate|seed");
  process.exit(2);
}
process.exit(0);
