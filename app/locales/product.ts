// Facts about the starter itself, said the same way in every language and shown by the demo notice. Change them
// when you fork. They sit with the dictionaries, which interpolate them: app/lib/ reads the dictionaries, so the
// dictionaries import nothing from app/lib/ (no loop between folders, docs/architecture.md).
export const PRODUCT = {
  name: "Groundwork",
  copyCommand:
    "git clone https://github.com/groundwork-starter/groundwork.git my-app && cd my-app && npm install && npm start",
  readmeUrl: "https://github.com/groundwork-starter/groundwork#readme",
  contactEmail: "hello@groundwork.dev",
} as const;
