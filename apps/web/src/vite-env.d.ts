/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** `fairway` (default) or `dubbelkoll`; set from VITE_BRAND or BRAND at build time. */
  readonly VITE_BRAND?: string;
  readonly VITE_BRAND_NAME?: string;
  /** `off` hides the maintenance banner for everyone; any other value (or none) shows it. */
  readonly VITE_MAINTENANCE_BANNER?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
