// `node --import ./tests/support/record-modules.mjs …`: prints, as the process exits, the URL of every module it loaded
// (ES modules and CommonJS alike) as one JSON array on stdout. Used by tests/e2e/start-up.server.spec.ts.
import { registerHooks } from "node:module";

const loaded = new Set();
registerHooks({
  load(url, context, nextLoad) {
    loaded.add(url);
    return nextLoad(url, context);
  },
});
process.on("exit", () => process.stdout.write(JSON.stringify([...loaded])));
