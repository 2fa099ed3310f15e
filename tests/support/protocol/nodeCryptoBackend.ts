// Re-export: the node:crypto CryptoBackend now lives with the IM gateway that uses it
// (server/im/nodeCryptoBackend.ts); tests and benchmarks keep importing it from here.
export { nodeCryptoBackend } from "../../../server/im/nodeCryptoBackend";
