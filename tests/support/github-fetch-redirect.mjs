// Loaded with `node --import` into the server under test only: sends the server's calls to github.com and
// api.github.com to the local GitHub stand-in (tests/support/github-stand-in.ts). Production code is unchanged.
const target = process.env.GITHUB_STAND_IN_URL;
if (target) {
  const original = globalThis.fetch;
  const rewrite = (url) =>
    url.replace(/^https:\/\/github\.com\//, `${target}/`).replace(/^https:\/\/api\.github\.com\//, `${target}/api/`);
  globalThis.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const rewritten = rewrite(url);
    if (rewritten === url) return original(input, init);
    return original(input instanceof Request ? new Request(rewritten, input) : rewritten, init);
  };
}
