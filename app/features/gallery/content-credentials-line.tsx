import { Link } from "react-router";
import type { ImageCredentials } from "#contracts/credentials";
import { VERIFY_PAGE_PATH } from "#contracts/credentials-paths";
import { useLocalizedPath, useT } from "~/i18n/i18n";
import type { Formats } from "~/lib/formats";

/** The image's "Content Credentials" line: who signs its downloads, the AI tool they name, when they were signed, and where to check a file. */
export function ContentCredentialsLine({ credentials, format }: { credentials: ImageCredentials; format: Formats }) {
  const t = useT();
  const to = useLocalizedPath();
  const facts = [
    t("credentials.signedBy", { signer: credentials.signer }),
    ...(credentials.aiTool ? [t("credentials.aiTool", { tool: credentials.aiTool })] : []),
    ...(credentials.signedAt ? [t("credentials.signedAt", { date: format.longDate(credentials.signedAt) })] : []),
  ];
  return (
    <p className="mt-5 text-sm text-neutral-700 dark:text-neutral-300">
      <span className="font-semibold">{t("credentials.title")}</span>: {facts.join(" · ")}.{" "}
      <Link to={to(VERIFY_PAGE_PATH)} className="font-medium underline">
        {t("credentials.verify")}
      </Link>
    </p>
  );
}
