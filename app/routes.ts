import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/gallery.tsx", [index("routes/home.tsx"), route("images/:segment", "routes/image.tsx")]),
  route("creator/:name", "routes/creator.tsx"),
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
  route("upload", "routes/upload.tsx"),
  route("studio", "routes/studio.tsx"),
  route("studio/images/:id", "routes/studio-image.tsx"),
  route("admin", "routes/admin/layout.tsx", [index("routes/admin/activity.tsx")]),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
