import { describe, expect, it } from 'vitest';
import { MISSING_ALT, photoProblem } from '../../src/admin/photo-alt.ts';

describe('a photo block in the editor', () => {
  it('may be left without an image', () => {
    expect(photoProblem(undefined, undefined)).toBeUndefined();
    expect(photoProblem({ src: '', alt: undefined }, undefined)).toBeUndefined();
  });

  it('needs a description once an image is chosen', () => {
    expect(photoProblem({ src: '../images/erable.jpg', alt: undefined }, undefined)).toBe(MISSING_ALT);
    expect(photoProblem({ src: '../images/erable.jpg', alt: '   ' }, undefined)).toBe(MISSING_ALT);
    expect(photoProblem({ src: '../images/erable.jpg', alt: 'Un érable élagué' }, undefined)).toBeUndefined();
  });

  it('keeps a photo the file says is decorative (alt: ""), and only that one', () => {
    expect(photoProblem({ src: '../images/erable.jpg', alt: '' }, '')).toBeUndefined();
    expect(photoProblem({ src: '../images/erable.jpg', alt: '' }, 'Un érable')).toBe(MISSING_ALT);
  });
});
