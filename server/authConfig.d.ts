import { type EnvValue, type EnvVarDoc } from "./lib/env";
import type { NodeEnv } from "./config";
export declare const LOGIN_METHODS: readonly ["phone", "email", "wechat"];
export type LoginMethod = (typeof LOGIN_METHODS)[number];
export declare const MIN_SECRET_BYTES = 32;
export declare const MAX_ACCESS_TOKEN_TTL_SECONDS = 900;
export interface TencentSmsConfig {
    secretId: string;
    secretKey: string;
    sdkAppId: string;
    signName: string;
    templateId: string;
    region: string;
    /** null: Tencent's public endpoint. */
    endpoint: string | null;
}
export interface SmtpConfig {
    host: string;
    port: number;
    /** TLS from the first byte (port 465) instead of STARTTLS. */
    secure: boolean;
    /** Without `secure`, refuse to send unless STARTTLS succeeds. */
    requireTls: boolean;
    auth: {
        user: string;
        pass: string;
    } | null;
    from: string;
    /** PEM file of extra CAs to trust (a private relay), or null. */
    caFile: string | null;
}
export interface WechatAppConfig {
    appId: string;
    appSecret: string;
}
export interface WechatConfig {
    /** Open-platform website app (desktop QR login, type 1). */
    open: WechatAppConfig;
    /** Official account (in-app login, type 2). */
    mp: WechatAppConfig;
    /** null: https://api.weixin.qq.com. */
    apiBase: string | null;
}
export interface AuthConfig {
    /** AUTH_SECRET; null outside production means "generate once and keep it in the database". */
    secret: string | null;
    accessTokenTtlSeconds: number;
    /** What LOGIN_METHODS enables (a method also needs its provider or, in development, an emulator). */
    loginMethods: Record<LoginMethod, boolean>;
    sms: TencentSmsConfig | null;
    smtp: SmtpConfig | null;
    wechat: WechatConfig | null;
}
export declare const AUTH_ENV_VARS: readonly EnvVarDoc[];
export interface AuthConfigContext {
    nodeEnv: NodeEnv;
}
export declare function parseAuthConfig(value: EnvValue, { nodeEnv }: AuthConfigContext): AuthConfig;
