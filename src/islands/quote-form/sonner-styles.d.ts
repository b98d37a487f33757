/** The bundler's file loader turns this import into the URL of a hashed copy (src/build/bundle-client.ts). */
declare module 'sonner/dist/styles.css' {
  const url: string;
  export default url;
}
