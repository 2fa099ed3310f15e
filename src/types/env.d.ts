// Build-time configuration read by the client (Vite `VITE_*` variables).
interface ImportMetaEnv {
  /** Base of the REST API; `/api/app` when unset. */
  readonly VITE_API_BASE?: string;
}
