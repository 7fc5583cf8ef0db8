import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// In the order of the product description (docs/product.md). One module may serve several URLs (the account page,
// the not-found page of each area) under ids of its own.
export default [
  index("routes/index.ts"),
  route("login", "routes/login/layout.tsx", [
    index("routes/login/index.tsx"),
    route("verify", "routes/login/verify.tsx"),
    route("error", "routes/login/error.tsx"),
    route("*", "routes/area-not-found.tsx", { id: "login-not-found" }),
  ]),
  route("onboarding", "routes/onboarding.tsx"),
  route("logout", "routes/logout.ts"),
  route("preferences", "routes/preferences.ts"),
  route("impersonation/stop", "routes/impersonation-stop.ts"),
  route("app", "routes/app/layout.tsx", [
    index("routes/app/index.tsx"),
    route("account", "routes/account.tsx", { id: "app-account" }),
    route("account/data", "routes/account-data.ts", { id: "app-account-data" }),
    route("organizations/:slug", "routes/app/organizations/layout.tsx", [
      index("routes/app/organizations/overview.tsx"),
    ]),
    route("repositories", "routes/app/repositories/index.tsx"),
    layout("routes/app/repositories/desktop-layout.tsx", [
      route("repositories/:id", "routes/app/repositories/detail.tsx"),
    ]),
    route("*", "routes/area-not-found.tsx", { id: "app-not-found" }),
  ]),
  route("manager", "routes/manager/layout.tsx", [
    index("routes/manager/index.tsx"),
    route("dashboard", "routes/manager/dashboard.tsx"),
    route("account", "routes/account.tsx", { id: "manager-account" }),
    route("account/data", "routes/account-data.ts", { id: "manager-account-data" }),
    route("users", "routes/manager/users/index.tsx"),
    route("users/new", "routes/manager/users/editor.tsx", { id: "manager-user-new" }),
    route("users/:id", "routes/manager/users/detail.tsx"),
    route("users/:id/update", "routes/manager/users/editor.tsx", { id: "manager-user-update" }),
    route("repositories", "routes/manager/repositories/index.tsx"),
    route("repositories/new", "routes/manager/repositories/editor.tsx", { id: "manager-repository-new" }),
    route("repositories/:id", "routes/manager/repositories/detail.tsx"),
    route("repositories/:id/update", "routes/manager/repositories/editor.tsx", { id: "manager-repository-update" }),
    route("audit", "routes/manager/audit.tsx"),
    route("organizations", "routes/manager/organizations/index.tsx"),
    route("organizations/:id", "routes/manager/organizations/detail.tsx"),
    route("*", "routes/area-not-found.tsx", { id: "manager-not-found" }),
  ]),
  route("healthz", "routes/healthz.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
