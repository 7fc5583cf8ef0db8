import { describe, expect, it } from "vitest";

import { authErrorKey } from "~/lib/auth-errors";
import { resources, translator } from "~/lib/dictionaries";
import { languages } from "~/lib/i18n";

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): Array<[string, string]> =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
const placeholders = (text: string) => (text.match(/{{\s*\w+\s*}}/g) ?? []).sort();

const english = new Map(flatten(resources.en.translation));

describe.each(languages.filter((language) => language !== "en"))("the %s dictionary", (language) => {
  const entries = new Map(flatten(resources[language].translation));

  it("has every English key and no other", () => {
    expect([...entries.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("has no empty translation", () => {
    expect([...entries].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
  });

  it("keeps every placeholder of the English text", () => {
    const mismatched = [...english].filter(
      ([key, text]) => JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(entries.get(key) ?? "")),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });
});

describe("authentication error messages (docs/product.md)", () => {
  const specCodes = [
    "USER_NOT_FOUND",
    "FAILED_TO_CREATE_USER",
    "FAILED_TO_CREATE_SESSION",
    "FAILED_TO_UPDATE_USER",
    "FAILED_TO_GET_SESSION",
    "INVALID_PASSWORD",
    "INVALID_EMAIL",
    "INVALID_EMAIL_OR_PASSWORD",
    "SOCIAL_ACCOUNT_ALREADY_LINKED",
    "PROVIDER_NOT_FOUND",
    "INVALID_TOKEN",
    "ID_TOKEN_NOT_SUPPORTED",
    "FAILED_TO_GET_USER_INFO",
    "USER_EMAIL_NOT_FOUND",
    "EMAIL_NOT_VERIFIED",
    "PASSWORD_TOO_SHORT",
    "PASSWORD_TOO_LONG",
    "USER_ALREADY_EXISTS",
    "EMAIL_CAN_NOT_BE_UPDATED",
    "CREDENTIAL_ACCOUNT_NOT_FOUND",
    "ACCOUNT_NOT_FOUND",
    "OTP_EXPIRED",
    "INVALID_OTP",
    "UNKNOWN_ERROR",
    "SESSION_EXPIRED",
    "FAILED_TO_UNLINK_LAST_ACCOUNT",
    "BANNED_USER",
    "YOU_CANNOT_BAN_YOURSELF",
    "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE",
    "YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS",
    "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS",
    "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS",
    "YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS",
    "YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS",
    "YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS",
    "YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD",
    "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION",
    "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION",
    "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION",
    "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM",
    "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM",
    "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM",
    "YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION",
    "YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION",
    "YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE",
    "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER",
    "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER",
    "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS",
    "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS",
    "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED",
    "ORGANIZATION_ALREADY_EXISTS",
    "ORGANIZATION_NOT_FOUND",
    "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION",
    "NO_ACTIVE_ORGANIZATION",
    "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION",
    "MEMBER_NOT_FOUND",
    "ROLE_NOT_FOUND",
    "TEAM_ALREADY_EXISTS",
    "TEAM_NOT_FOUND",
    "UNABLE_TO_REMOVE_LAST_TEAM",
    "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
    "USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION",
    "INVITATION_NOT_FOUND",
    "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION",
    "INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION",
    "FAILED_TO_RETRIEVE_INVITATION",
  ];

  it.each(languages)("every code of the spec has its own message in %s", (language) => {
    const t = translator(language);
    for (const code of specCodes) {
      expect(authErrorKey(code), code).toBe(`authErrors.${code}`);
      expect(t(authErrorKey(code)), code).not.toMatch(/^authErrors\./);
    }
  });

  it("an unknown code reads as Something went wrong", () => {
    expect(translator("en")(authErrorKey("SOMETHING_NEW"))).toBe("Something went wrong");
    expect(translator("en")(authErrorKey(undefined))).toBe("Something went wrong");
    expect(translator("fr")(authErrorKey("SOMETHING_NEW"))).toBe(translator("fr")("authErrors.UNKNOWN_ERROR"));
  });

  it("the spec's exact texts are the English ones", () => {
    const t = translator("en");
    expect(t("authErrors.BANNED_USER")).toBe("You have been banned from this application");
    expect(t("authErrors.FAILED_TO_UNLINK_LAST_ACCOUNT")).toBe("You can't unlink your last account");
    expect(t("authErrors.SESSION_EXPIRED")).toBe("Session expired. Re-authenticate to perform this action.");
    expect(t("demo.modalText")).toBe("This is a read-only demo, this action is disabled.");
    expect(t("ui.confirmTitle")).toBe("Are you sure?");
    expect(t("ui.searchPlaceholder")).toBe("Search...");
    expect(t("login.separator")).toBe("or continue with");
    expect(t("login.titleSignUp")).toBe("Login or Sign up");
  });
});
