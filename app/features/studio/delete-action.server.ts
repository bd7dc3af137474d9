import { redirect, type AppLoadContext } from "react-router";
import { localizedPath } from "#contracts/locales";
import { deleteImageInput } from "#contracts/studio";
import { studioT } from "./studio-t.server";
import { runForm } from "~/lib/form.server";

/** The delete form's action (DeleteImage), on "Your images" and the edit page: back to "Your images", in the page's language. */
export function deleteImageAction(request: Request, context: AppLoadContext, form: FormData) {
  const { t, locale } = studioT(request);
  return runForm(
    context,
    form,
    deleteImageInput,
    async ({ id }) => {
      await context.services.imageEdits.delete(await context.viewer(), id);
      return redirect(localizedPath(locale, "/studio"));
    },
    t("delete.failed"),
  );
}
