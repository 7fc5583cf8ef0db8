// Loaded with `node --import` into the server under test only: sends the server's calls to github.com and
// api.github.com to the local GitHub stand-in (tests/support/github-stand-in.ts), and the browser there too when the
// server redirects it to github.com (the authorize page). Production code is unchanged.
import { ServerResponse } from "node:http";

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

  // A browser's interception of a redirect is not the same in every Chromium build (the headless shell does not pause
  // a redirect's request), so the redirect itself points at the stand-in, and the page's form-action lets a form's
  // redirect go there as it lets it go to github.com. React Router's listener sends its headers as one object.
  const writeHead = ServerResponse.prototype.writeHead;
  ServerResponse.prototype.writeHead = function (status, ...rest) {
    const headers = rest.find((value) => value && typeof value === "object" && !Array.isArray(value));
    if (typeof headers?.location === "string") headers.location = rewrite(headers.location);
    const policy = headers?.["content-security-policy"];
    if (typeof policy === "string") {
      headers["content-security-policy"] = policy.replace(
        /(form-action [^;]*)https:\/\/github\.com/,
        `$1https://github.com ${target}`,
      );
    }
    return writeHead.call(this, status, ...rest);
  };
}
