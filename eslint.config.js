// ESLint: TypeScript, the rules of hooks and accessibility in JSX, and routes that build no
// queries of their own. Formatting is Prettier's job (`.prettierrc.json`), so no stylistic rule is
// on here. Run by `npm test` before the typecheck.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ROUTE_QUERY_MESSAGE =
  "routes do not query the database: call a domain function (app/<domain>/*.server.ts, taking the db or the caller's transaction) that does.";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      ".cache/**",
      "data/**",
      ".e2e/**",
      "test-results/**",
      "playwright-report/**",
      "bench/baseline/**",
      "public/sw.js",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      // We match control characters on purpose (NUL bytes and the like in untrusted input).
      "no-control-regex": "off",
      // Node's ICU writes a range with thin spaces, Chromium's with plain ones: a server-rendered
      // range would not hydrate. `formatDayRange` (app/utils/dates.ts) is the one way.
      "no-restricted-properties": ["error", { property: "formatRange", message: "Use formatDayRange from ~/utils/dates." }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling table or chart is a labelled region that keyboard users must be able to focus (axe's scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["region", "tabpanel"], tags: [] }],
      // Our choice cards wrap their input with its text a few spans deep.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 5 }],
    },
  },
  {
    // Routes never build queries: they call the domain functions that own the data (app/<domain>/*.server.ts),
    // passing them `db()` or the unit of work's transaction.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "kysely", message: ROUTE_QUERY_MESSAGE }],
          patterns: [{ group: ["kysely/*"], message: ROUTE_QUERY_MESSAGE }],
        },
      ],
      "no-restricted-syntax": [
        "error",
        ...["selectFrom", "insertInto", "updateTable", "deleteFrom", "selectNoFrom", "with", "transaction"].map((method) => ({
          selector: `CallExpression[callee.type='MemberExpression'][callee.property.name='${method}']`,
          message: `No \`.${method}()\` in a route: ${ROUTE_QUERY_MESSAGE}`,
        })),
      ],
    },
  },
  {
    // Kysely's own convention: migrations and the migrator see the database untyped, as it was at their time.
    files: ["db/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/triple-slash-reference": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
