// ESLint flat config (ADR 14). Formatting is Prettier's job; eslint-config-prettier
// switches off every stylistic rule, so the two never disagree.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import importPlugin from "eslint-plugin-import";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { layerZones, platformFloorZones } from "./eslint.layers.js";

/** Route modules read their data through `useActionData<typeof action>()`, never through a cast. */
const dataHookCast = (hook) => ({
  selector: `TSAsExpression > CallExpression.expression[callee.name='${hook}']`,
  message: `Type ${hook} with a generic (${hook}<typeof action|loader>()), not a cast: a cast hides a reply the component does not expect.`,
});
const dataMemberCast = (hook) => ({
  selector: `TSAsExpression > MemberExpression.expression > CallExpression.object[callee.name='${hook}']`,
  message: `Type ${hook} with a generic, not a cast on one of its fields.`,
});
const DATA_HOOKS = ["useActionData", "useLoaderData", "useRouteLoaderData", "useFetcher"];

/**
 * What a failed post hands back (conform's SubmissionResult) is read through
 * enteredValue / formReply (app/components/forms/field.tsx), never through a cast.
 */
const SUBMISSION = "/^(result|submission|reply|answer)$/";
const submissionCasts = [
  {
    selector:
      "TSAsExpression > MemberExpression.expression[property.name='value'][object.name=/^(submission|ctx)$/]",
    message:
      "Type a form's value by its schema (a discriminated union where forms differ), not a cast on submission.value.",
  },
  {
    selector: "TSAsExpression:has(MemberExpression[property.name='initialValue'])",
    message:
      "Read what a failed post typed with enteredValue(result, name) or formReply(result) from ~/components/forms/field, not a cast on initialValue.",
  },
  {
    selector: `TSAsExpression:has(MemberExpression[property.name='error']:matches([object.name=${SUBMISSION}], [object.property.name=${SUBMISSION}]))`,
    message:
      "Read a failed post's errors with formReply(result) from ~/components/forms/field, not a cast on the submission's error.",
  },
];

const castRules = [
  ...DATA_HOOKS.flatMap((hook) => [dataHookCast(hook), dataMemberCast(hook)]),
  ...submissionCasts,
];

const bodyReads = [
  {
    selector:
      "CallExpression[callee.object.name='request'][callee.property.name=/^(formData|json|text|arrayBuffer|blob)$/]",
    message:
      "Read a body with readForm / readJsonText (app/utils/form.server.ts): they refuse control characters (ADR 28).",
  },
];

/**
 * A route folder's `__name` files are that folder's own code (ADR 14): its routes import them as
 * `./__name`, and a nested folder's as `../__name`. Another route tree, a component or a util
 * reaching in means the helper is shared: it belongs in app/utils (or a component).
 */
const privateRouteHelpers = [
  {
    regex: "^(?!(\\./|(\\.\\./)+)__[^/]*$).*(^|/)__[^/]*$",
    message:
      "Another folder's private `__` helper: move what two route trees share to app/utils (ADR 14).",
  },
];

const unscreenedParsers = [
  {
    name: "@conform-to/zod/v4",
    importNames: ["parseWithZod"],
    message:
      "Use parseSubmission from ~/utils/form.server: it reports readForm's refused fields (ADR 28).",
  },
  {
    name: "@remix-run/node",
    importNames: ["unstable_parseMultipartFormData"],
    message: "Use readProofUpload: it screens the text fields for control characters (ADR 28).",
  },
];

const invalidMarkup = [
  {
    name: "remix-utils/honeypot/react",
    importNames: ["HoneypotInputs"],
    message:
      "Use HoneypotField from ~/components/forms/honeypot-field: HoneypotInputs writes an autocomplete value the HTML does not allow and the same id in every form.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      // The empty Remix app of npm run bench builds beside its sources.
      "scripts/bench/empty-remix/build/**",
      "scripts/bench/empty-remix/public/build/**",
      "scripts/bench/empty-remix/.cache/**",
      "public/build/**",
      "node_modules/**",
      "data/**",
      ".cache/**",
      "test-results/**",
      "playwright-report/**",
      "blob-report/**",
      // Lint fixtures are linted on purpose by tests/lint/layers.test.ts, never by `npm run lint`.
      "tests/lint/fixtures/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { import: importPlugin },
    settings: {
      "import/resolver": { typescript: { project: "./tsconfig.json" }, node: true },
      "import/internal-regex": "^~/",
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrors: "none",
          ignoreRestSiblings: true,
        },
      ],
      "import/no-duplicates": ["error", { "prefer-inline": true }],
      "import/first": "error",
      // One order everywhere, so a reader finds an import where expected and merges do not
      // fight over it: node and packages, then the app (~/), then neighbours.
      "import/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"]],
          "newlines-between": "never",
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
      "import/no-self-import": "error",
      "import/no-restricted-paths": ["error", { zones: [...layerZones, ...platformFloorZones] }],
      "no-restricted-syntax": ["error", ...castRules],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
      "prefer-const": "error",
    },
  },
  {
    files: ["**/*.tsx", "**/*.jsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs["recommended-latest"].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Props are typed by TypeScript.
      "react/prop-types": "off",
    },
  },
  {
    // Floors only mean something without loops: no module of the app comes back to itself.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // ADR 28: a body is read where control characters are screened, never straight off the request.
    // And no component whose markup the HTML checker refuses.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["app/utils/form.server.ts", "app/routes/_portal+/member+/__proof-upload.server.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...castRules, ...bodyReads],
      "no-restricted-imports": [
        "error",
        { paths: [...unscreenedParsers, ...invalidMarkup], patterns: privateRouteHelpers },
      ],
    },
  },
  {
    files: ["app/utils/form.server.ts", "app/routes/_portal+/member+/__proof-upload.server.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: privateRouteHelpers }] },
  },
  {
    // Money and secrets come from node:crypto: Math.random's next value can be predicted from
    // earlier ones. Only the demo seed, a captcha's visual jitter and the launch CDN pick use it.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: [
      "app/platform/seed/**",
      "app/platform/identity/captcha-image.server.ts",
      "app/platform/play/launch.server.ts",
    ],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "Math",
          property: "random",
          message: "Use node:crypto (randomInt, randomBytes) for anything of value.",
        },
      ],
    },
  },
  {
    // Node scripts and benchmarks write their figures to the terminal.
    files: ["scripts/**", "e2e/global-setup.ts", "tests/global-setup.ts"],
    rules: { "no-console": "off" },
  },
  prettier,
);
