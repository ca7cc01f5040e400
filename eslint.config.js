// ESLint for the browser client (static/js: plain ES modules, no build) and the node
// client of the tests (tests/js), run by tests/test_js_lint.py: the recommended rules
// (undefined names, unused variables, unreachable code and the like), no style rules.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["**/vendor/**", "node_modules/**"] },
  {
    files: ["static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      ...js.configs.recommended.rules,
    },
  },
  {
    // the Socket.IO client written from docs/protocol.md alone (tests/test_js_client.py)
    files: ["tests/js/**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node },
    },
    rules: {
      ...js.configs.recommended.rules,
    },
  },
];
