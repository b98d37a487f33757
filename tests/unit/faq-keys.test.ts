import { describe, expect, it } from 'vitest';
import { faqKeyTarget } from '../../src/islands/faq/keys.ts';

describe('FAQ keys (WAI-ARIA accordion)', () => {
  it('moves down and up, wrapping at both ends', () => {
    expect(faqKeyTarget('ArrowDown', 0, 5)).toBe(1);
    expect(faqKeyTarget('ArrowDown', 4, 5)).toBe(0);
    expect(faqKeyTarget('ArrowUp', 0, 5)).toBe(4);
    expect(faqKeyTarget('ArrowUp', 3, 5)).toBe(2);
  });

  it('jumps to the first question with Home and the last with End', () => {
    expect(faqKeyTarget('Home', 3, 5)).toBe(0);
    expect(faqKeyTarget('End', 1, 5)).toBe(4);
  });

  it('leaves every other key to the browser (Enter and Space toggle natively)', () => {
    for (const key of ['Enter', ' ', 'Tab', 'a', 'ArrowLeft']) expect(faqKeyTarget(key, 2, 5)).toBeUndefined();
  });
});
