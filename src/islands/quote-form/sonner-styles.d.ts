/** The bundler's file loader turns this import into the path of a hashed copy, relative to the importing chunk (src/engine/bundle-client.ts). */
declare module 'sonner/dist/styles.css' {
  const url: string;
  export default url;
}
