import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';

/** The run's Chromium (tests/setup/chromium-server.ts); `close()` closes this file's contexts and the connection, not the browser. */
export function testChromium(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
}
