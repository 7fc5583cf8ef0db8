import { Alert } from "~/components/ui/alert";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { WithUserText } from "./user-text";

/** A ban as the server sends it to a page: the reason the admin gave and when it ends (ISO), each when there is one. */
export type BanView = { reason: string | null; expiresAt: string | null };

/** What a banned person is told beside "You have been banned from this application": why, and until when. */
export function BanNotice({ ban }: { ban: BanView }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!ban.reason && !ban.expiresAt) return null;
  return (
    <Alert tone="error">
      {ban.reason ? (
        <p>
          <WithUserText sentence={(reason) => t("userAdmin.banReason", { reason })} value={ban.reason} />
        </p>
      ) : null}
      {ban.expiresAt ? <p>{t("userAdmin.signInBanUntil", { date: format.dateTime(ban.expiresAt) })}</p> : null}
    </Alert>
  );
}
