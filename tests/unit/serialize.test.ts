import { describe, expect, it } from 'vitest';
import { jsonForScript } from '../../src/shared/script-json.ts';

describe('jsonForScript', () => {
  it('cannot close its <script> element or open a comment, and still parses to the same value', () => {
    const value = { text: '</script><script>alert(1)</script><!-- & \u2028' };
    const out = jsonForScript(value);
    expect(out).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(out)).toEqual(value);
  });
});
