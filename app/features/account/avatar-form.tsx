import { useState } from "react";
import { AVATAR_PATH } from "#contracts/studio";
import { Avatar } from "~/components/avatar";
import { useT } from "~/i18n/i18n";
import { api } from "~/lib/api";
import { type ErrorWords, useErrorText } from "~/lib/error-text";
import { Section } from "./profile-forms";

/** The API's refusals of a picture, by their `code` (the contract; its messages are English), as the page says them. */
const refusals: ErrorWords = {
  UNSUPPORTED_MEDIA: "profile.avatar.notImage",
  PAYLOAD_TOO_LARGE: "profile.avatar.tooLarge",
  UNPROCESSABLE: "profile.avatar.unreadable",
  UNAUTHENTICATED: "profile.avatar.signedOut",
  FORBIDDEN: "profile.avatar.notCreator",
  RATE_LIMITED: "profile.avatar.rateLimited",
  NETWORK: "profile.avatar.network",
};

/** Profile settings, for creators and admins: the picture of their creator page. */
export function AvatarForm({ name, url }: { name: string; url: string | null }) {
  const t = useT();
  const [current, setCurrent] = useState(url);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const refusal = useErrorText({ words: refusals, otherwise: "profile.avatar.failed" });

  async function send(file: File) {
    setBusy(true);
    setMessage(null);
    try {
      const { avatarUrl } = await api<{ avatarUrl: string }>(AVATAR_PATH, { method: "PUT", body: file, headers: { "Content-Type": "application/octet-stream" } });
      setCurrent(avatarUrl);
      setMessage({ ok: true, text: t("profile.avatar.updated") });
    } catch (error) {
      setMessage({ ok: false, text: refusal(error) });
    }
    setBusy(false);
  }

  return (
    <Section title={t("profile.avatar.title")} description={t("profile.avatar.description")}>
      <div className="flex items-center gap-4">
        <Avatar name={name} url={current} size={72} />
        <label className="button-secondary cursor-pointer focus-within:ring-2 focus-within:ring-neutral-900">
          {busy ? t("profile.avatar.uploading") : t("profile.avatar.choose")}
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void send(file);
            }}
          />
        </label>
      </div>
      <p role="status" className={`mt-3 text-sm empty:hidden ${message?.ok === false ? "text-red-700 dark:text-red-400" : "text-neutral-700 dark:text-neutral-300"}`}>
        {message?.text}
      </p>
    </Section>
  );
}
