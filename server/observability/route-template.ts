import type { Request } from "express";
import type { ServerBuild } from "react-router";

/**
 * The template of the route that answered a request (`/api/images/:id`, `/images/:segment`),
 * never its URL: what request logs and metrics are labelled by, so that their label values
 * stay few, and no id or token from a URL reaches them.
 */
export type RouteTemplateOf = (req: Request) => string;

/** The request's path as it arrived (inside a router, `req.path` is what is left below its mount point). */
export const pathOf = (req: Request) => req.originalUrl.split("?", 1)[0]!;

/** A page's path with React Router's single-fetch suffix left out (`/images/16.data`, `/_root.data`). */
const pagePath = (path: string) => path.replace(/(?:\/?_root)?\.data$/, "") || "/";

/** The full path of each route of the build (its parents' paths joined), most specific first. */
function pageTemplates(routes: ServerBuild["routes"]): Array<{ template: string; pattern: RegExp }> {
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent || "/";
  };
  const templates = new Set(Object.keys(routes).map(fullPath));
  // Fewer parameters first; the catch-all last.
  const weight = (t: string) => (t.includes("*") ? 1000 : (t.match(/:/g)?.length ?? 0));
  return [...templates]
    .sort((a, b) => weight(a) - weight(b))
    .map((template) => {
      const source = template
        .split("/")
        .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/");
      return { template, pattern: new RegExp(`^${source}/?$`, "i") };
    });
}

/** Paths no Express route answers, by their prefix. */
const PREFIXES = ["/api/auth", "/api", "/media", "/assets"];

/** `build`: the app's routes, for pages (in dev mode, a function: pages are then "page"). */
export function routeTemplates(build: ServerBuild | (() => Promise<ServerBuild>)): RouteTemplateOf {
  const pages = typeof build === "function" ? [] : pageTemplates(build.routes);
  return (req) => {
    if (req.route) return `${req.baseUrl}${String(req.route.path)}`;
    const path = pathOf(req);
    const prefix = PREFIXES.find((p) => path === p || path.startsWith(`${p}/`));
    if (prefix) return `${prefix}/*`;
    const page = pagePath(path);
    return pages.find((p) => p.pattern.test(page))?.template ?? "page";
  };
}
