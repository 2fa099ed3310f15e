import { type Env, type EnvVarDoc } from "../lib/env";
import type { GatewayOptions } from "./gatewayOptions";
export declare const IM_ENV_VARS: readonly EnvVarDoc[];
/** Gateway options set by the environment (only those given). */
export declare function imOptionsFromEnv(env: Env): Partial<GatewayOptions>;
