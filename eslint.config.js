import js from "@eslint/js";
import tseslint from "typescript-eslint";

/**
 * The layers of src/, each with the layers it may import. A folder imports itself and what is
 * listed here, nothing else: a violating import fails lint (test/structure/layers.test.ts).
 */
export const LAYERS = {
  // Leaf utilities every layer uses: import nothing of ours.
  base: [],
  // Pure stages: no IO (test/core/purity.test.ts), no store.
  distillers: ["base"],
  ledger: ["base"],
  core: ["base", "distillers", "ledger"],
  // IO leaves.
  platform: ["base"],
  store: ["base"],
  // Services over the store and the host configs.
  hosts: ["base", "core", "platform"],
  stats: ["base", "core", "platform", "store"],
  memory: ["base", "core", "platform", "store"],
  // The shared runtime every entry point composes: open the store, run the pipeline, deliver.
  runtime: ["base", "core", "distillers", "ledger", "platform", "store", "hosts", "stats", "memory"],
  dashboard: ["base", "core", "platform", "store", "stats", "runtime"],
  // The bench replays hooks as a host would.
  bench: ["base", "core", "distillers", "ledger", "platform", "store", "hosts", "stats", "memory", "runtime", "hooks"],
  // Entry points: thin, never each other (the CLI's dispatcher starts them all).
  hooks: ["base", "core", "distillers", "ledger", "platform", "store", "hosts", "stats", "memory", "runtime"],
  mcp: ["base", "core", "distillers", "ledger", "platform", "store", "hosts", "stats", "memory", "runtime"],
  cli: [
    "base",
    "core",
    "distillers",
    "ledger",
    "platform",
    "store",
    "hosts",
    "stats",
    "memory",
    "runtime",
    "dashboard",
    "bench",
    "hooks",
    "mcp",
  ],
};
/** The store implements the ports core and ledger declare: it may name their types, never their code. */
const TYPE_ONLY = { store: ["core", "ledger"] };

function layerRules(layer, allowed) {
  const forbidden = Object.keys(LAYERS).filter((other) => other !== layer && !allowed.includes(other));
  const typeOnly = TYPE_ONLY[layer] ?? [];
  const listed = [...allowed, ...typeOnly.map((other) => `type-only ${other}`)].join(", ") || "nothing of ours";
  const pattern = (other) => ({
    regex: `^(?:\\.\\.?/)+(?:src/)?${other}/`,
    message: `src/${layer} may not import src/${other} (layers in eslint.config.js; allowed: ${listed}).`,
    ...(typeOnly.includes(other) ? { allowTypeImports: true } : {}),
  });
  return {
    files: [`src/${layer}/**/*.ts`],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: forbidden.map(pattern) }] },
  };
}

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "test/fixtures/**", "test-output/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-control-regex": "off",
    },
  },
  ...Object.entries(LAYERS).map(([layer, allowed]) => layerRules(layer, allowed)),
);
