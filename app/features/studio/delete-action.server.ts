import { redirect, type AppLoadContext } from "react-router";
import { deleteImageInput } from "#contracts/studio";
import { runForm } from "~/lib/form.server";

/** The delete form's action (DeleteImage), on "Your images" and the edit page: back to "Your images". */
export function deleteImageAction(context: AppLoadContext, form: FormData) {
  return runForm(
    context,
    form,
    deleteImageInput,
    async ({ id }) => {
      await context.services.imageEdits.delete(await context.viewer(), id);
      return redirect("/studio");
    },
    "Failed to delete the image",
  );
}
