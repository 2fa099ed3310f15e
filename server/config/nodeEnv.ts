// The environments the server runs in. Its own module so that the auth and pay configuration can
// name it without importing the whole app configuration that imports them (no cycle).
export const NODE_ENVS = ["development", "production", "test"] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];
