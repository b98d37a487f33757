import harfbuzz from 'harfbuzzjs/hb.wasm';

/**
 * satori 0.63 shapes text with HarfBuzz, whose Emscripten loader (inlined in satori) assumes a
 * browser or Node: it reads `self.location` when satori is imported, then compiles the WebAssembly
 * bytes it carries, which workerd forbids (no code generation at run time). Here the address is
 * given, and the one compilation is answered with the same module (harfbuzzjs 0.10.0, the version
 * satori pins), compiled by wrangler at deploy. Imported before satori, so it runs first.
 */
const scope = globalThis as unknown as { location?: { href: string } };
scope.location ??= { href: 'https://worker.invalid/' };

const instantiate = WebAssembly.instantiate.bind(WebAssembly) as (module: WebAssembly.Module, imports?: WebAssembly.Imports) => Promise<WebAssembly.Instance>;
WebAssembly.instantiate = (async (source: unknown, imports?: WebAssembly.Imports) => {
  if (source instanceof WebAssembly.Module) return instantiate(source, imports);
  return { module: harfbuzz, instance: await instantiate(harfbuzz, imports) };
}) as typeof WebAssembly.instantiate;
