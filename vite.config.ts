import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // The server build bundles its dependencies (but the native libSQL driver): only the code the app uses is loaded,
  // which halves the server's memory at rest (ADR 008).
  ssr: { noExternal: true, external: ["@libsql/client", "libsql", "nodemailer"] },
  // The dev server answers where APP_URL says by default (http://localhost:$PORT), so the origin check and the
  // auth cookies work in development as they do in production.
  server: { port: Number(process.env.PORT ?? 3000), strictPort: true },
});
