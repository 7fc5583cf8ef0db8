# Groundwork: a production image. Build: docker build -t groundwork .
# Run:   docker run -p 3000:3000 -v groundwork-data:/data -e APP_URL=http://localhost:3000 groundwork
# The embedded database, and the generated secret when AUTH_SECRET is unset, live in the /data volume.
# Lean by design (docs/decisions/019-lean-image.md): the server build bundles its dependencies, so the image ships only
# the few packages it loads at run time, not the production dependency tree.

# The packages loaded at run time: what server/ imports, what vite.config.ts keeps out of the server bundle
# (ssr.external), and what scripts/db-*.mjs import; npm adds their required peers (react-router, react, react-dom).
# `npm ci` installs them at the versions of package-lock.json from a manifest that lists only them. Neither the
# libSQL driver for musl (this base is glibc) nor type declarations are ever loaded. sharp comes with its prebuilt
# binary for linux-x64 glibc (@img/sharp-linux-x64 and libvips, optional packages npm picks by platform: no build).
FROM node:24-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN node -e " \
      const fs = require('node:fs'); \
      const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')); \
      const names = process.argv.slice(1); \
      const missing = names.filter((name) => !pkg.dependencies[name]); \
      if (missing.length) throw new Error('not a dependency in package.json: ' + missing.join(', ')); \
      pkg.dependencies = Object.fromEntries(names.map((name) => [name, pkg.dependencies[name]])); \
      delete pkg.devDependencies; \
      fs.writeFileSync('package.json', JSON.stringify(pkg)); \
    " @libsql/client libsql nodemailer otpauth pino pino-pretty sharp \
 && npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/@libsql/*-musl node_modules/@types

# The build: every dependency (Vite, React Router's compiler, Tailwind…), then the sources. The package files come first
# so that a change to the sources reuses the installed node_modules layer.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The backup and restore commands (scripts/db-backup.mjs, scripts/db-restore.mjs), set apart for the final stage: a
# directory that is empty when the sources have none, so that the copy below holds either way.
RUN npm run build && mkdir -p /commands && find scripts -maxdepth 1 -name 'db-*.mjs' -exec cp {} /commands/ \;

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/data/app.db
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY package.json ./
COPY drizzle ./drizzle
COPY --from=build /commands/ ./scripts/
COPY --from=build /app/build ./build
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-old-space-size=128", "--max-semi-space-size=4", "build/http/main.js"]
