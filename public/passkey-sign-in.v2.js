// Passkey sign-in on /login (ADR 052), in plain JavaScript so that the page loads no framework (ADR 007). Without
// JavaScript, or without WebAuthn, the page stays the e-mail code form. With them: the e-mail field offers the
// browser's passkeys (conditional mediation) and a "Sign in with a passkey" button appears; the passkey's answer is
// posted as a form to /login/passkey, which ends like any sign-in.
const email = document.querySelector('input[type="email"][name="email"]');
const form = email?.form;

const toBuffer = (value) =>
  Uint8Array.from(atob(value.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0)).buffer;
const toBase64Url = (buffer) =>
  btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

let lastOptions = Promise.resolve();

/**
 * A new challenge from the server (its cookie comes with it), and the button's words in the page's language. One at a
 * time: each answer replaces the challenge cookie, so an earlier request answered last would leave the cookie holding
 * a challenge the passkey did not sign.
 */
function askOptions() {
  const options = lastOptions
    .catch(() => {})
    .then(async () => {
      const answer = await fetch("/login/passkey", {
        method: "POST",
        body: new URLSearchParams({ intent: "options" }),
      });
      if (!answer.ok) throw new Error(`passkey options: ${answer.status}`);
      return answer.json();
    });
  lastOptions = options;
  return options;
}

function post(credential) {
  const response = credential.response;
  const json = {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: {
      clientDataJSON: toBase64Url(response.clientDataJSON),
      authenticatorData: toBase64Url(response.authenticatorData),
      signature: toBase64Url(response.signature),
      userHandle: response.userHandle ? toBase64Url(response.userHandle) : undefined,
    },
  };
  const signIn = document.createElement("form");
  signIn.method = "post";
  signIn.action = "/login/passkey";
  signIn.hidden = true;
  const fields = {
    intent: "sign-in",
    credential: JSON.stringify(json),
    redirect: form.querySelector('input[name="redirect"]')?.value ?? "",
  };
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    signIn.append(input);
  }
  document.body.append(signIn);
  signIn.submit();
}

let pending = null;

/** Asks the browser for a passkey: quietly in the e-mail field's suggestions ("conditional"), or at once (the button). */
async function ask(mediation) {
  pending?.abort();
  const controller = new AbortController();
  pending = controller;
  const { options } = await askOptions();
  if (controller.signal.aborted) return;
  const credential = await navigator.credentials.get({
    mediation,
    signal: controller.signal,
    publicKey: {
      ...options,
      challenge: toBuffer(options.challenge),
      allowCredentials: (options.allowCredentials ?? []).map((item) => ({ ...item, id: toBuffer(item.id) })),
    },
  });
  if (credential) post(credential);
}

async function start() {
  if (!form || !window.PublicKeyCredential || !navigator.credentials) return;
  const { labels, buttonClass } = await askOptions();
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = labels.button;
  button.className = buttonClass;
  form.after(button);
  const conditional = await PublicKeyCredential.isConditionalMediationAvailable?.();
  const listen = () => {
    if (!conditional) return;
    email.autocomplete = "email webauthn";
    ask("conditional").catch(() => {});
  };
  button.addEventListener("click", () => {
    ask(undefined).catch(listen);
  });
  listen();
}

start().catch(() => {});
