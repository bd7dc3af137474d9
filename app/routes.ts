import { type RouteConfig, type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";
import { localePrefix, PREFIXED_LOCALES } from "#contracts/locales";

/** Every page, as English has it at today's URLs; each other language serves the same under its prefix (decision 044). */
const pages: RouteConfigEntry[] = [
  layout("routes/gallery.tsx", [index("routes/home.tsx"), route("images/:segment", "routes/image.tsx")]),
  route("creator/:name", "routes/creator.tsx"),
  route("collections/:segment", "routes/collection.tsx"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("profile-settings", "routes/profile-settings.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("license", "routes/license.tsx"),
  route("receipts/:id", "routes/receipt.tsx"),
  route("developers", "routes/developers.tsx"),
  route("verify", "routes/verify.tsx"),
  route("upload", "routes/upload.tsx"),
  route("studio", "routes/studio.tsx"),
  route("studio/images/:id", "routes/studio-image.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    route("moderation", "routes/admin/moderation.tsx"),
    route("images", "routes/admin/images.tsx"),
    route("accounts", "routes/admin/accounts.tsx"),
    route("insights", "routes/admin/insights.tsx"),
    route("search", "routes/admin/search.tsx"),
    route("activity", "routes/admin/activity.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
];

/** The same routes with ids of their own (`de:routes/login`): a route module serves every language. */
const withIds = (lang: string, entries: RouteConfigEntry[]): RouteConfigEntry[] =>
  entries.map((entry) => ({
    ...entry,
    id: `${lang}:${entry.file.replace(/\.tsx?$/, "")}`,
    children: entry.children && withIds(lang, entry.children),
  }));

export default [
  ...pages,
  ...PREFIXED_LOCALES.flatMap((locale) => {
    const lang = localePrefix(locale).slice(1);
    return prefix(lang, withIds(lang, pages));
  }),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
