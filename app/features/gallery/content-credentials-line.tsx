import { Link } from "react-router";
import type { ImageCredentials } from "#contracts/credentials";
import { VERIFY_PAGE_PATH } from "#contracts/credentials-paths";
import { longDate } from "~/lib/dates";

/** The image's "Content Credentials" line: who signs its downloads, the AI tool they name, when they were signed, and where to check a file. */
export function ContentCredentialsLine({ credentials }: { credentials: ImageCredentials }) {
  const facts = [
    `Signed by ${credentials.signer}`,
    ...(credentials.aiTool ? [`AI tool: ${credentials.aiTool}`] : []),
    ...(credentials.signedAt ? [`signed ${longDate(new Date(credentials.signedAt))}`] : []),
  ];
  return (
    <p className="mt-5 text-sm text-neutral-700 dark:text-neutral-300">
      <span className="font-semibold">Content Credentials</span>: {facts.join(" · ")}.{" "}
      <Link to={VERIFY_PAGE_PATH} className="font-medium underline">
        Verify a file
      </Link>
    </p>
  );
}
