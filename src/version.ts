/** The release version, shown by `--version`, the banner and `/healthz`. */
export const VERSION = "0.1.0";
