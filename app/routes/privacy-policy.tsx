import { Link } from "react-router";
import { legalPageData } from "~/features/legal/legal-data.server";
import { LegalHeading, legalMeta, LegalPage } from "~/features/legal/legal-page";
import { useLocalizedPath } from "~/i18n/i18n";
import type { Route } from "./+types/privacy-policy";

export const loader = ({ request }: Route.LoaderArgs) => legalPageData(request);
export const meta = legalMeta("privacy");

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const to = useLocalizedPath();
  return (
    <LegalPage title="legal.privacy.title" updated={loaderData.updated}>
      <p>
        Stockroom is a free gallery of AI-generated images. We collect as little as we can to run it, we keep it on the
        servers that host this site, and we never sell it or share it with advertisers.
      </p>
      <LegalHeading id="legal.privacy.collected" />
      <ul>
        <li>
          <strong>Usage analytics</strong>: how often each image's detail view is opened, counted per image. We do not
          record who opened it.
        </li>
        <li>
          <strong>Anonymous download statistics</strong>: which image was downloaded, at which size and when. These counts
          are not linked to your account.
        </li>
        <li>
          <strong>Search queries</strong>: the words searched for and how many images matched, without who searched: only a
          code that changes every day and cannot be turned back into your address or browser, so that a search counts as
          popular when several people make it. They help us tag images better, recommend related ones and suggest popular
          searches.
        </li>
        <li>
          <strong>Your account</strong>, if you create one: your name, your email address and a hash of your password (never
          the password itself), or the identity Google confirms when you sign in with Google.
        </li>
        <li>
          <strong>Sessions</strong>: while you are signed in, a cookie that keeps you signed in, with the IP address and
          browser name it was created from, so that you and we can spot misuse.
        </li>
        <li>
          <strong>Your likes</strong>: which images you liked, so that you can find them again on your profile. The public
          only sees how many people like an image.
        </li>
        <li>
          <strong>Your download receipts</strong>: for each file you download, the image, its size, a fingerprint (SHA-256)
          of the file and the license version it came under, so that you can show you were allowed to use it. Only you can
          see them, on your profile.
        </li>
        <li>
          <strong>Reports</strong>: when you report an image, the reason and description you give, and your account if you
          are signed in (otherwise a one-way hash of your network address, to limit abuse).
        </li>
      </ul>
      <LegalHeading id="legal.privacy.cookies" />
      <p>
        Stockroom only sets the cookies needed to keep you signed in. There are no advertising or third-party tracking
        cookies.
      </p>
      <LegalHeading id="legal.privacy.choices" />
      <p>
        You can browse, search and share without an account. Signed in, you can change your name and password in your{" "}
        <Link to={to("/profile-settings")}>profile</Link>, and delete your account there: this removes your account, your sessions,
        your likes and your download receipts.
      </p>
      <LegalHeading id="legal.privacy.contact" />
      <p>Questions about your data? Reach us through the social profile linked in the site menu.</p>
    </LegalPage>
  );
}
