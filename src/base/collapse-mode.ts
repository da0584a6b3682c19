/**
 * The fallback collapse's pattern families (src/core/collapse.ts): which runs of near-identical
 * lines count as one. A distiller names its mode in its definition, so the type lives below both.
 */
export type CollapseMode = "test" | "build" | "infra" | "log" | "generic";
