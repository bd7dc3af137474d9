import { redirect } from "react-router";

/** /admin opens on its first section, the moderation queue. */
export const loader = () => redirect("/admin/moderation");
