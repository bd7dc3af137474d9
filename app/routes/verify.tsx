import { PageMain } from "~/components/page-main";
import { VerifyFile } from "~/features/credentials/verify-file";
import type { Route } from "./+types/verify";

export const loader = ({ context }: Route.LoaderArgs) => ({ maxBytes: context.settings.uploadMaxBytes });
export const meta = () => [
  { title: "Verify a file · Stockroom" },
  { name: "description", content: "Check the Content Credentials of an image: whether Stockroom signed it, and whether it changed since." },
];

/** /verify: anyone checks a file's Content Credentials (issue 25). */
export default function Verify({ loaderData }: Route.ComponentProps) {
  return (
    <PageMain className="page max-w-3xl pb-24 pt-8">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Verify a file</h1>
      <p className="mt-3 text-neutral-700 dark:text-neutral-300">
        Every image downloaded from Stockroom carries Content Credentials (C2PA): a record of where it came from, that it
        was made by AI, and its license, signed by this site and bound to the file&apos;s bytes. Pick or drop a file to see
        whether its credentials are intact.
      </p>
      <VerifyFile maxBytes={loaderData.maxBytes} />
    </PageMain>
  );
}
