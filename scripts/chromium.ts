// How the console's browser tests, screenshots and benchmarks start headless Chromium: Debian's build, with
// no sandbox (containers) and nothing that reaches the network on its own.
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
