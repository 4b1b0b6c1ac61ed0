// The bundled TopoJSON files, imported as asset URLs (Vite's `?url`): each is copied to the
// build as a file of its own and fetched on first use; its shape is checked where it is read
// (atlas.ts).
declare module 'us-atlas/counties-10m.json?url' {
  const url: string;
  export default url;
}
declare module 'world-atlas/countries-50m.json?url' {
  const url: string;
  export default url;
}
