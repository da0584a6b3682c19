/** Types for eslint.config.js, which the layer test imports. */
export declare const LAYERS: Record<string, string[]>;
declare const config: unknown[];
export default config;
