import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of the current document (empty in the browser, where scripts are already allowed). */
export function useNonce(): string {
  return useContext(NonceContext);
}
