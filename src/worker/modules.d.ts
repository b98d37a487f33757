// What wrangler's module rules (wrangler.jsonc `rules`) make of these imports: a compiled
// WebAssembly module, and the font's bytes.
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
declare module '*.woff' {
  const bytes: ArrayBuffer;
  export default bytes;
}
