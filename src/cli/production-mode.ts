/**
 * Imported first by every build command: React picks its development or production build when it
 * is first loaded, and the development one validates every element, three times slower to render.
 * The unit tests keep vitest's NODE_ENV=test: React's checks run there over every page
 * (tests/content/react-warnings.test.ts).
 */
process.env.NODE_ENV ??= 'production';
