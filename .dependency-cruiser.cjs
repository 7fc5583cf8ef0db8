// The layers of docs/architecture.md ("The layers", "The one-way rule", "One import style"), checked by
// `npm run lint`. Each rule below is one sentence of that page; a broken one prints its name and this comment.
// dependency-cruiser parses with @swc/core (`parser: "swc"`): it does not read TypeScript 7 sources itself.
// Test files are left out: a test may reach any layer to arrange its state.

// A feature folder, app/features/<name>/ (ADR 045), holds one module of each layer, told apart by its name: the
// definition (entity.ts) and any components/ run in the browser too, table.server.ts is the platform's (a table),
// <name>.server.ts holds the feature's rules, and the other modules directly in it, named without a dot (list.tsx,
// app-picture.ts), are its route modules: a resource route (an image, a form's POST target) is a .ts module, so the
// route rules hold for it as well (the organizations' picture and active-organization routes).
const FEATURE_BROWSER = "^app/features/[^/]+/(entity[.]ts$|components/)";
const FEATURE_TABLE = "^app/features/[^/]+/table[.]server[.]ts$";
const FEATURE_RULES = "^app/features/[^/]+/(?!table[.])[^/]+[.]server[.]ts$";
const FEATURE_ROUTE = "^app/features/[^/]+/(?!entity[.]ts$)[^/.]+[.]tsx?$";

/** Modules of the browser and the server alike. */
const BROWSER = `^app/(components|lib|locales)/|${FEATURE_BROWSER}`;
/** A route module, the root route, the route table and the entries. */
const ROUTE = `^app/(routes/|root[.]tsx$|routes[.]ts$|entry[.](client|server)[.]tsx$)|${FEATURE_ROUTE}`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "browser-code-imports-server",
      comment:
        "app/components/, app/lib/ and app/locales/ never import anything from app/.server/, not even a type: " +
        "describe the shape in app/lib/ or in the component.",
      severity: "error",
      from: { path: BROWSER },
      to: { path: "^app/[.]server/|[.]server[.]tsx?$" },
    },
    {
      name: "web-imports-feature",
      comment:
        ".server/web never imports a feature module: what a guard or a middleware needs from the database sits in " +
        ".server/platform (readSession, findMembership), and a type the features declare is matched by TypeScript " +
        "where the route passes the value on.",
      severity: "error",
      from: { path: "^app/[.]server/web/" },
      to: { path: `^app/[.]server/features/|${FEATURE_RULES}` },
    },
    {
      name: "feature-imports-web",
      comment:
        "A feature module never imports .server/web: it takes plain values (a caller built by callerOf), never a " +
        "Request, and returns plain results, never a Response.",
      severity: "error",
      from: { path: `^app/[.]server/features/|${FEATURE_RULES}` },
      to: { path: "^app/[.]server/web/" },
    },
    {
      name: "platform-imports-web-or-feature",
      comment: ".server/platform never imports .server/web or .server/features: it is the bottom layer.",
      severity: "error",
      from: { path: `^app/[.]server/platform/|${FEATURE_TABLE}` },
      to: { path: `^app/[.]server/(web|features)/|${FEATURE_RULES}|${FEATURE_ROUTE}` },
    },
    {
      name: "import-of-a-route",
      comment:
        "Imports point down: nothing under app/.server/, app/components/, app/lib/ or app/locales/ imports a route " +
        "module, the root route, the route table or an entry.",
      severity: "error",
      from: { path: `^app/([.]server|components|lib|locales)/|${FEATURE_BROWSER}|${FEATURE_TABLE}|${FEATURE_RULES}` },
      to: { path: ROUTE },
    },
    {
      name: "route-reaches-database",
      comment:
        "A route calls a guard, then a feature module: it writes no SQL and calls no auth.api.* (no " +
        ".server/platform/db, drizzle-orm, @libsql/client or better-auth). The two plumbing routes are the " +
        "exceptions: healthz.ts (the database check) and api.auth.ts (the GitHub callback).",
      severity: "error",
      from: { path: `^app/routes/|${FEATURE_ROUTE}`, pathNot: "^app/routes/(healthz|api[.]auth)[.]ts$" },
      to: { path: "^app/[.]server/platform/db/|node_modules/(drizzle-orm|@libsql/client|better-auth)/" },
    },
    {
      name: "folder-loop",
      comment:
        "No loop between folders: when two folders need each other, move what they share into the lower one " +
        "(the product facts the dictionaries print live in app/locales/, since app/lib/ reads the dictionaries).",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    {
      name: "module-loop",
      comment: "No loop between modules either.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "relative-import-leaves-folder",
      comment:
        "One import style: a module of another folder of app/ is imported through ~/ (~/.server/platform/db/client), " +
        "never with ../.",
      severity: "error",
      from: { path: "^(.+)/[^/]+$" },
      to: { dependencyTypes: ["local"], path: "^app/", pathNot: "^$1/" },
    },
    {
      name: "alias-import-within-folder",
      comment: "One import style: a module of the same folder or below is imported with ./, not through ~/.",
      severity: "error",
      from: { path: "^(.+)/[^/]+$" },
      to: { dependencyTypesNot: ["local"], path: "^$1/" },
    },
  ],
  options: {
    parser: "swc",
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["[.]test[.]tsx?$", "[.]spec[.]ts$", "^(build|node_modules|[.]react-router)/"] },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
