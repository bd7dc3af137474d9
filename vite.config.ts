import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { minify } from "terser";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { compileCatalog } from "./app/i18n/compile.ts";

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

/**
 * esbuild minifies every chunk; Terser then renames the first-load chunks' names once more
 * (mangling only, no compression), which esbuild leaves longer. Together: the home page's first
 * load is 124.3 KB gzip, within 0.3 KB of Terser alone (124.1 KB; esbuild alone 127.6 KB), for
 * about 2 s of CPU where Terser over every chunk took 47 s (decision 040).
 */
function terserNamesForFirstLoad(): Plugin {
  const firstLoad = new Set(FIRST_LOAD.map(([chunk]) => chunk));
  return {
    name: "stockroom:terser-names-for-first-load",
    enforce: "post",
    renderChunk: {
      // After Vite's own renderChunk, which minifies with esbuild.
      order: "post",
      async handler(code, chunk) {
        if (!firstLoad.has(chunk.name)) return null;
        const minified = await minify(code, { module: true, compress: false, safari10: true, sourceMap: false });
        return minified.code ?? null;
      },
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Each script, stylesheet and SVG of the client build written beside itself in brotli (quality
 * 11) and gzip (level 9), once, so that the server sends those files as they are
 * (server/http/precompressed-assets.ts) instead of compressing every request's copy at brotli
 * quality 4: the home page's first JavaScript goes from 121.1 to 103.7 KiB. Compressed on
 * libuv's threads, side by side; docs/decisions/040-javascript-a-phone-fetches.md.
 */
function precompressed(): Plugin {
  return {
    name: "stockroom:precompressed",
    async writeBundle({ dir }, bundle) {
      const names = Object.keys(bundle).filter((name) => /\.(js|css|svg)$/.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(dir!, name);
          const body = await readFile(file);
          const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length };
          await Promise.all([brotli(body, { params }).then((br) => writeFile(`${file}.br`, br)), gzip(body, { level: 9 }).then((gz) => writeFile(`${file}.gz`, gz))]);
        }),
      );
    },
  };
}

/**
 * Message catalogs compiled at build (decision 041): `import messages from "./de/layout.json?lingui"`
 * (or `?lingui-pseudo`, the pseudo-locale made from English) gives the catalog's ICU messages as
 * Lingui's compiled arrays, checked as they compile, so the page carries no ICU parser.
 */
function catalogs(): Plugin {
  const PREFIX = "\0stockroom-catalog:";
  return {
    name: "stockroom:catalogs",
    enforce: "pre",
    async resolveId(source, importer) {
      const match = /^(.+\.json)\?(lingui|lingui-pseudo)$/.exec(source);
      if (!match) return null;
      const file = await this.resolve(match[1]!, importer, { skipSelf: true });
      // Ends in .js, not .json: Vite's JSON plugin leaves it alone.
      return file && `${PREFIX}${match[2]}:${file.id}.js`;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [kind, ...rest] = id.slice(PREFIX.length, -".js".length).split(":");
      const file = rest.join(":");
      this.addWatchFile(file);
      const messages = JSON.parse(await readFile(file, "utf8")) as Record<string, string>;
      return `export default ${JSON.stringify(compileCatalog(file, messages, kind === "lingui-pseudo"))};`;
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [catalogs(), tailwindcss(), reactRouter(), ...(command === "build" && !isSsrBuild ? [terserNamesForFirstLoad(), precompressed()] : [])],
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      ...(command === "build" && !isSsrBuild ? reactRouterProduction : []),
    ],
  },
  build: isSsrBuild
    ? { rollupOptions: { onwarn: withoutMisplacedAnnotations } }
    : {
        // esbuild's minifier, and Terser's renaming on top for the first-load chunks (terserNamesForFirstLoad).
        minify: "esbuild",
        rollupOptions: { output: { manualChunks: firstLoadChunks() }, onwarn: withoutMisplacedAnnotations },
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
