interface ImportMetaEnv {
  /** Base address of the provider API for unprefixed calls, e.g. `https://provider.example/api/`. */
  readonly VITE_API_URL?: string;
}
