/** Types for scripts/server-node-flags.mjs, which runs before tsx is registered and so stays JavaScript. */
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare function hasServerNodeFlags(execArgv?: readonly string[]): boolean;
