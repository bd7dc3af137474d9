/**
 * The rooms of the code and which way their doors open (ARCHITECTURE.md, "Rooms"), checked by
 * `npm run lint:deps` (scripts/check-dependencies.ts, also a step of `npm test`).
 *
 * Server, bottom to top:
 *   contracts/                      imports nothing of ours
 *   shared rooms                    server/*.ts (errors, logger, config, ...), db/, access/, audit/,
 *                                   image-text/, media/, mail/, jobs/: no feature, no http
 *   features                        admin/, auth/, catalog/, collections/, engagement/, insights/,
 *                                   receipts/, studio/: shared rooms, contracts and themselves; another
 *                                   feature's service only as a type (the peer createServices passes in)
 *   top                             http/, openapi/, services.ts (the composition root), main.ts
 * Inside a room, layers point down: handlers -> services -> repositories -> db.
 * App: a feature (app/features/<name>/) imports shared code (app/lib/, app/components/),
 * contracts and itself.
 */

const SERVER_FEATURES = "admin|auth|catalog|collections|engagement|insights|receipts|studio";
const SERVER_TOP = "^server/(http|openapi)/|^server/(services|main)\\.ts$";
/** Tests and their helpers set up several features at once; the rules are about the product's code. */
const TESTS = "\\.test\\.tsx?$|\\.e2e\\.ts$|^server/[^/]+/test-[^/]+\\.ts$|^server/http/test-app\\.ts$|^test/";

module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment:
        "No file imports itself through others at run time (a loop of type imports is erased by TypeScript; " +
        "folder loops, type imports included: scripts/check-dependencies.ts).",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "contracts-import-nothing-of-ours",
      comment: "contracts/ is shared by the browser and the server: it imports only itself and libraries.",
      severity: "error",
      from: { path: "^contracts/" },
      to: { path: "^(app|server|cli|bench|e2e|test|scripts)/" },
    },
    {
      name: "shared-rooms-import-no-feature",
      comment: "The shared rooms sit below the features and the HTTP layer: they never import them.",
      severity: "error",
      from: { path: "^server/", pathNot: `^server/(${SERVER_FEATURES})/|${SERVER_TOP}|${TESTS}` },
      to: { path: `^server/(${SERVER_FEATURES})/|${SERVER_TOP}` },
    },
    {
      name: "features-import-no-other-feature",
      comment: "A server feature imports shared rooms, contracts and itself; never another feature's internals.",
      severity: "error",
      from: { path: `^server/(${SERVER_FEATURES})/`, pathNot: TESTS },
      to: { path: `^server/(${SERVER_FEATURES})/`, pathNot: ["^server/$1/", "-service\\.ts$"] },
    },
    {
      name: "features-take-other-services-as-types",
      comment: "Another feature's service reaches a feature injected by createServices: imported as a type only.",
      severity: "error",
      from: { path: `^server/(${SERVER_FEATURES})/`, pathNot: TESTS },
      to: { path: `^server/(${SERVER_FEATURES})/[^.]+-service\\.ts$`, pathNot: "^server/$1/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "features-import-no-http",
      comment: "Features and shared rooms are below the HTTP layer and the composition root.",
      severity: "error",
      from: { path: `^server/(${SERVER_FEATURES})/`, pathNot: TESTS },
      to: { path: SERVER_TOP },
    },
    {
      name: "app-features-import-no-other-feature",
      comment: "An app feature imports shared code (app/components/, app/lib/), contracts and itself; routes compose features.",
      severity: "error",
      from: { path: "^app/features/([^/]+)/" },
      to: { path: "^app/(features|routes)/", pathNot: "^app/features/$1/" },
    },
    {
      name: "app-shared-imports-no-feature",
      comment: "Shared app code sits below the features and the routes.",
      severity: "error",
      from: { path: "^app/(components|lib)/" },
      to: { path: "^app/(features|routes)/" },
    },
    {
      name: "repositories-import-no-services",
      comment: "Layers point down: a repository never calls a service or a handler.",
      severity: "error",
      from: { path: "-repository\\.ts$" },
      to: { path: "-service\\.ts$|^server/http/" },
    },
    {
      name: "server-imports-no-app",
      comment: "The server reaches the app only through its build; app/ reaches the server only as types.",
      severity: "error",
      from: { path: "^server/", pathNot: TESTS },
      to: { path: "^app/" },
    },
    {
      name: "app-imports-server-as-types",
      comment: "Route modules receive services through the load context: server code is imported as types only.",
      severity: "error",
      from: { path: "^app/", pathNot: TESTS },
      to: { path: "^server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "product-imports-no-tools",
      comment: "app/, server/ and contracts/ never import the operator commands, the browser suite or the benchmarks.",
      severity: "error",
      from: { path: "^(app|server|contracts)/" },
      to: { path: "^(cli|e2e|bench)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|data|\\.react-router)/|^server/db/migrations/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
