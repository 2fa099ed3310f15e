// WuKongIM v2.2.5 node configs for tests: every address on 127.0.0.1 with ports picked by the
// caller, the data under a given rootDir, token auth on (release mode), no demo, no manager UI.
// Shaped after VENDORED.md's single-node example; a cluster node (upstream
// exampleconfig/cluster{1,2,3}.yaml) is the same config plus `cluster.initNodes` and a node id, so a
// cluster helper can build on nodeConfig below.
// Written as YAML whose values are JSON (JSON scalars and flow collections are valid YAML), which
// WuKongIM reads through viper: no YAML library needed for a flat, generated file.

export interface NodePorts {
  /** The TCP client port (`addr`). */
  tcp: number;
  /** The HTTP API (`httpAddr`). */
  api: number;
  /** The WebSocket client port (`wsAddr`). */
  ws: number;
  /** Node-to-node traffic (`cluster.addr`); bound even by a single node. */
  cluster: number;
}

export interface NodeConfigOptions {
  ports: NodePorts;
  /** A lowercase absolute path (see wukongimProcess.ts). */
  rootDir: string;
  /** The plugin unix socket; lowercase, short (unix socket paths are limited to ~107 bytes). */
  pluginSocketPath: string;
  nodeId?: number;
  /** `webhook.httpAddr`: WuKongIM POSTs `<url>?event=…` there. */
  webhookUrl?: string;
  /**
   * Further settings by top-level key, merged over the defaults one level deep, e.g.
   * `{ webhook: { msgNotifyEventPushInterval: "100ms" }, channel: { subscriberCompressOfCount: 1 } }`.
   */
  extra?: Record<string, unknown>;
}

type Section = Record<string, unknown>;

function isSection(value: unknown): value is Section {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The config of one node as a plain object (WuKongIM's keys). */
export function nodeConfig(options: NodeConfigOptions): Section {
  const { ports } = options;
  const host = "127.0.0.1";
  const apiUrl = `http://${host}:${String(ports.api)}`;
  const tcpAddr = `${host}:${String(ports.tcp)}`;
  const wsAddr = `ws://${host}:${String(ports.ws)}`;
  const clusterAddr = `${host}:${String(ports.cluster)}`;
  const config: Section = {
    mode: "release",
    // NOTE: stress mode would switch token auth off; it must stay false.
    stress: false,
    addr: `tcp://${tcpAddr}`,
    httpAddr: `${host}:${String(ports.api)}`,
    wsAddr,
    rootDir: options.rootDir,
    tokenAuthOn: true,
    external: {
      ip: host,
      tcpAddr,
      wsAddr,
      apiUrl,
      autoGetExternalIP: false,
    },
    intranet: { tcpAddr },
    manager: { on: false },
    demo: { on: false },
    conversation: { on: true },
    cluster: {
      nodeId: options.nodeId ?? 1,
      addr: `tcp://${clusterAddr}`,
      serverAddr: clusterAddr,
      apiUrl,
    },
    auth: { kind: "none" },
    plugin: { socketPath: options.pluginSocketPath },
    ...(options.webhookUrl === undefined
      ? {}
      : { webhook: { httpAddr: options.webhookUrl } }),
  };
  for (const [key, value] of Object.entries(options.extra ?? {})) {
    const current = config[key];
    config[key] =
      isSection(current) && isSection(value) ? { ...current, ...value } : value;
  }
  return config;
}

/** The config as YAML text (one `key: <JSON>` line per top-level key). */
export function configYaml(config: Section): string {
  return Object.entries(config)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}\n`)
    .join("");
}
