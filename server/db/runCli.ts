// Runs a command-line entry point: a ConfigError prints its one-line message, anything else its
// stack; both exit non-zero.
import { ConfigError } from "../config/appConfig";

export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof ConfigError)
      console.error(`Configuration error: ${error.message}`);
    else console.error(error);
    process.exitCode = 1;
  }
}
