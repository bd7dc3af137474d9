import type { AppLoadContext } from "react-router";
import { accountInput, moderationInput, SYNONYM_GROUP, synonymsInput } from "#contracts/admin";
import { pageMessages } from "~/i18n/catalogs.server";
import { metaT } from "~/i18n/i18n";
import { readForm, runForm, type FormResult } from "~/lib/form.server";

/** The admin screens' messages in the request's language, for an action's answers. */
const adminT = (request: Request) => metaT(new URL(request.url).pathname, pageMessages(request, "admin"));

/**
 * Runs a service call, its refusals (AppErrors, matched by shape: route modules import no server
 * code) said in the page's words where `words` has its code; form.server.ts `attempt` answers
 * with them, with the code's status. Other errors go on as they are.
 */
async function saying<T>(words: Partial<Record<string, string>>, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const said = typeof code === "string" ? words[code] : undefined;
    if (said === undefined) throw error;
    throw Object.assign(new Error(said), { code });
  }
}

/** The moderation queue's and the images tab's action: hide, restore or dismiss, as the signed-in admin. */
export async function moderationAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  const viewer = await context.viewer();
  const { moderation } = context.services;
  const t = adminT(request);
  return runForm(
    context,
    form,
    moderationInput,
    async (input): Promise<FormResult> => {
      switch (input.intent) {
        case "hide": {
          const resolved = await saying({ NOT_FOUND: t("moderation.imageNotFound", { id: input.imageId }) }, () => moderation.hide(viewer, input.imageId, input.reason));
          return { ok: true, message: t("moderation.hidden", { count: resolved }) };
        }
        case "restore":
          await saying({ NOT_FOUND: t("moderation.imageNotFound", { id: input.imageId }) }, () => moderation.restore(viewer, input.imageId));
          return { ok: true, message: t("moderation.restored") };
        case "dismiss":
          await saying({ NOT_FOUND: t("moderation.reportNotFound", { id: input.reportId }) }, () => moderation.dismiss(viewer, input.reportId, input.reason));
          return { ok: true, message: t("moderation.dismissed") };
      }
    },
    t("moderation.failed"),
  );
}

/** The accounts tab's action: a new role, disabling or enabling, as the signed-in admin. */
export async function accountAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  const viewer = await context.viewer();
  const { accountAdmin } = context.services;
  const t = adminT(request);
  return runForm(
    context,
    form,
    accountInput,
    async (input): Promise<FormResult> => {
      if (input.intent === "role") {
        const account = await saying({ NOT_FOUND: t("accounts.notFound"), FORBIDDEN: t("accounts.ownRole") }, () => accountAdmin.setRole(viewer, input.accountId, input.role));
        return { ok: true, message: t("accounts.roleSet", { email: account.email, role: account.role }) };
      }
      const account = await saying({ NOT_FOUND: t("accounts.notFound"), FORBIDDEN: t("accounts.ownAccount") }, () =>
        accountAdmin.setDisabled(viewer, input.accountId, input.intent === "disable"),
      );
      return { ok: true, message: t(account.disabledAt ? "accounts.disabledNow" : "accounts.enabledAgain", { email: account.email }) };
    },
    t("accounts.failed"),
  );
}

/** The search tab's action: a group of synonyms added or removed, as the signed-in admin. */
export async function synonymsAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  const viewer = await context.viewer();
  const { search } = context.services;
  const t = adminT(request);
  return runForm(
    context,
    form,
    synonymsInput,
    async (input): Promise<FormResult> => {
      if (input.intent === "add") {
        const group = await saying({ BAD_REQUEST: t("synonyms.wordCount", SYNONYM_GROUP) }, () => search.addSynonyms(viewer, input.words));
        return { ok: true, message: t("synonyms.added", { words: group.words.join(", ") }) };
      }
      await search.removeSynonyms(viewer, input.groupId);
      return { ok: true, message: t("synonyms.removed") };
    },
    t("synonyms.failed"),
  );
}
