import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // The server build bundles its dependencies (but the native libSQL driver and sharp, which load a binary of their
  // own, and otpauth, whose licence comment is not ASCII: ADR 033): only the code the app uses is loaded, which halves the server's memory at rest (ADR 008). Not in `npm run
  // dev`: Vite's dev module runner evaluates what it bundles as ES modules, and React's CommonJS files fail there
  // ("module is not defined").
  ssr:
    command === "build"
      ? { noExternal: true, external: ["@libsql/client", "libsql", "nodemailer", "sharp", "otpauth"] }
      : {},
  build: {
    // Rolldown's report of the plugins that took most of a build's time is printed on every build of this size on a
    // 2-core machine: a profiling hint (`node --cpu-prof`), not a finding about this build.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  environments: {
    // The server bundles all four dictionaries on purpose (app/lib/dictionaries.ts answers in any language), so the
    // dynamic imports that give the browser one chunk per language (app/lib/load-language.ts) have nothing to split
    // here. The warning stays on for the browser's build, where an ineffective dynamic import would cost bytes.
    //
    // The server build is a production build: React and the libraries that branch on `process.env.NODE_ENV` keep only
    // their production code, instead of both copies chosen at run time. A third less code to load at start (ADR 026).
    //
    // Its files are plain ASCII (other characters escaped, comments dropped but for licences): V8 then holds each
    // module's source as one byte per character, where a single Arabic letter or emoji made it two (ADR 033).
    ssr: {
      build: {
        rolldownOptions: {
          checks: { ineffectiveDynamicImport: false },
          output: { charset: "ascii", comments: { legal: true, annotation: false, jsdoc: false } },
        },
      },
      ...(command === "build" ? { define: { "process.env.NODE_ENV": JSON.stringify("production") } } : {}),
    },
  },
  // The dev server answers where APP_URL says by default (http://localhost:$PORT), so the origin check and the
  // auth cookies work in development as they do in production.
  server: { port: Number(process.env.PORT ?? 3000), strictPort: true },
}));
