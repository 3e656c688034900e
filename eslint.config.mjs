import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { layerZones } from "./eslint/layers.mjs";

const root = import.meta.dirname;

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The import bands (eslint/layers.mjs): an upward import, type-only or import() included, is an error.
    files: ["lib/**", "app/**", "components/**", "scripts/**", "proxy.ts", "instrumentation.ts"],
    rules: { "import/no-restricted-paths": ["error", { basePath: root, zones: layerZones(root) }] },
  },
  globalIgnores([".next/**", ".next-*/**", ".next*.lock/**", "node_modules/**", "data/**", "next-env.d.ts", "tests/.tmp/**"]),
]);
