import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Rollup } from "vite";

/**
 * The home page's first load as three files: each file is compressed on its own, and a dozen
 * small shared chunks cost about 3 KB gzip more than the same code in three. The client entry
 * takes React, React DOM and React Router; the root route takes what it imports statically
 * (the header every page shows); the gallery layout takes the grid. What a module loads with
 * import() stays in its own chunk. See docs/decisions/008-gallery-ui.md, "First load".
 */
const FIRST_LOAD: Array<[chunk: string, entry: string]> = [
  ["entry.client", "/entry.client.tsx"],
  ["root", "/app/root.tsx"],
  ["gallery", "/app/routes/gallery.tsx"],
];

function firstLoadChunks(): Rollup.GetManualChunk {
  let owners: Map<string, string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!owners) {
      const chunkOf = new Map<string, string>();
      const entries = [...getModuleIds()].filter((module) => getModuleInfo(module)?.isEntry);
      for (const [chunk, file] of FIRST_LOAD) {
        const claim = (module: string) => {
          if (chunkOf.has(module)) return;
          chunkOf.set(module, chunk);
          getModuleInfo(module)?.importedIds.forEach(claim);
        };
        const entry = entries.find((module) => module.split("?")[0]!.endsWith(file));
        if (entry) claim(entry);
      }
      owners = chunkOf;
    }
    return owners.get(id);
  };
}

/**
 * React Router's package.json points every consumer at its development build, whose only
 * difference is developer warnings; the browser bundle takes the production build it ships
 * beside it (0.6 KB gzip less). The server and `npm run dev` keep the default.
 */
const reactRouterDist = path.join(path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")), "dist/production");
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, "dom-export.mjs") },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      ...(command === "build" && !isSsrBuild ? reactRouterProduction : []),
    ],
  },
  build: isSsrBuild
    ? { rollupOptions: { onwarn: withoutMisplacedAnnotations } }
    : {
        // Terser: 3.3 KB gzip less than esbuild's minifier on the home page's first load, for
        // about 5 s more build time.
        minify: "terser",
        rollupOptions: { output: { manualChunks: firstLoadChunks() }, onwarn: withoutMisplacedAnnotations },
        // The API reference (Scalar, loaded by /developers alone, when it opens) is about 3.1 MB;
        // the next largest chunk is under 400 kB. What the first pages load is measured by
        // `npm run bench:web` against its budget, not by this warning.
        chunkSizeWarningLimit: 3300,
      },
}));

/**
 * Rollup's note on a comment that mentions `@__PURE__` where it cannot apply (Zod's own comments
 * explaining its annotations): it removes the comment and says so, in words that read like an
 * error. Only that note, for dependencies' files, is left out; every other warning is shown.
 */
function withoutMisplacedAnnotations(warning: Rollup.RollupLog, warn: Rollup.LoggingFunction) {
  if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
  warn(warning);
}
