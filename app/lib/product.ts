// Facts about the starter itself, shown by the demo notice. Change them when you fork.
export const PRODUCT = {
  name: "Groundwork",
  copyCommand:
    "git clone https://github.com/groundwork-starter/groundwork.git my-app && cd my-app && npm install && npm start",
  readmeUrl: "https://github.com/groundwork-starter/groundwork#readme",
  contactEmail: "hello@groundwork.dev",
} as const;
