/**
 * Imported first by every build command: React picks its development or production build when it
 * is first loaded, and the development one validates every element, three times slower to render.
 * Tests keep vitest's NODE_ENV=test, so React's warnings still surface there.
 */
process.env.NODE_ENV ??= 'production';
