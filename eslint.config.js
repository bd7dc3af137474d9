import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "server/db/migrations/"] },
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    // Imports point down the layers: the app, the server and the contracts never reach into
    // the operator commands, the browser suite or the benchmarks (test peers live in test/).
    files: ["app/**", "server/**", "contracts/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/cli/*", "**/e2e/*", "**/bench/*"],
              message: "app/, server/ and contracts/ must not import from cli/, e2e/ or bench/; move the shared piece down (server/, test/).",
            },
          ],
        },
      ],
    },
  },
);
