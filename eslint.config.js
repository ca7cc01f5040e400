// ESLint for the browser client (static/js: plain ES modules, no build), run by
// tests/test_js_lint.py: the recommended rules (undefined names, unused variables,
// unreachable code and the like), no style rules.
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
];
