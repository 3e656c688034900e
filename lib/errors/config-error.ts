/** Raised when configuration is wrong; start-up prints its message as one line and exits. */
export class ConfigError extends Error {
  override name = "ConfigError";
}
