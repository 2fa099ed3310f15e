import { type EnvValue, type EnvVarDoc } from "./lib/env";
import type { NodeEnv } from "./config";
export interface WechatPayConfig {
    mchId: string;
    /** Serial number of the merchant API certificate. */
    merchantSerialNo: string;
    /** Inline PEM, or the path of a PEM file. */
    merchantPrivateKey: string;
    apiV3Key: string;
    /** Inline PEM (public key or certificate), or the path of one. */
    platformPublicKey: string;
    /** The platform certificate serial or "PUB_KEY_ID_…"; null: read from the certificate. */
    platformSerial: string | null;
    notifyUrl: string;
    /** null: https://api.mch.weixin.qq.com. */
    baseUrl: string | null;
    /** The app (official account) orders are placed for. */
    appId: string;
}
export interface PayConfig {
    /** PAYMENTS=off turns ordering-and-paying off entirely. */
    enabled: boolean;
    /** null: not configured (development uses the emulator when DEV_TOOLS is on). */
    wechatPay: WechatPayConfig | null;
    /** Period of the order sweeper (reconciliation and auto-cancel); 0 = not scheduled. */
    sweepIntervalSeconds: number;
}
export declare const PAY_ENV_VARS: readonly EnvVarDoc[];
export declare function parsePayConfig(value: EnvValue, { nodeEnv }: {
    nodeEnv: NodeEnv;
}): PayConfig;
