// Translation keys are typed from the English dictionary (ADR 013): a mistyped key fails `npm run typecheck`.
import type en from "./locales/en/translation";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}
