import { DeviceLevel } from "#protocol";
export interface GatewayOptions {
    /** A socket must complete CONNECT (incl. authentication) within this (Go: 2 s + 4 s, §12). */
    connectTimeoutMs: number;
    /** An authenticated socket silent for this long is closed (Go ConnIdleTime, §12; the SDK pings every 60 s). */
    idleTimeoutMs: number;
    /** How often the sweeper checks deadlines and due RECV re-sends. */
    sweepIntervalMs: number;
    /**
     * Device level of every login (§10): MASTER kicks older connections of the same uid and device
     * flag with a different deviceID (DISCONNECT 12); SLAVE lets them live side by side.
     */
    deviceLevel: DeviceLevel;
    /** Cap on one inbound frame's body (the codec refuses larger declared lengths: close 4001). */
    maxFrameBytes: number;
    /** Cap on one WebSocket message (several frames may share one, §0.4). */
    maxMessageBytes: number;
    /** Cap on a decrypted payload (SENDACK 11 notAllowSend above it). */
    maxPayloadBytes: number;
    /** Token bucket per connection: sustained SENDs per second … */
    sendRatePerSecond: number;
    /** … and burst (SENDACK 22 rateLimit when empty). */
    sendBurst: number;
    /** Delays before re-sending an un-acked RECV to a live connection; its length bounds the re-sends. */
    recvRetryDelaysMs: readonly number[];
    /** Un-acked RECVs tracked per connection; beyond it the oldest is left to sync. */
    maxPendingRecvs: number;
    /** Outbound bytes queued on a socket before it is dropped as too slow (close 4008). */
    maxBufferedBytes: number;
    /** Data channels one connection may subscribe to. */
    maxSubscriptions: number;
    /** Messages per group-commit transaction at most. */
    maxBatch: number;
    /** Under load, how long a new batch waits for more messages (0 = never; idle batches never wait). */
    commitLingerMs: number;
    /** Node id announced in CONNACK for v >= 4. */
    nodeId: bigint;
}
export declare const DEFAULT_GATEWAY_OPTIONS: GatewayOptions;
/** Defaults overridden by `partial`. */
export declare function resolveGatewayOptions(partial?: Partial<GatewayOptions>): GatewayOptions;
