// The bundled TopoJSON files (Vite imports JSON); their shape is checked where they are read (atlas.ts).
declare module 'us-atlas/counties-10m.json' {
  const topology: unknown;
  export default topology;
}
declare module 'world-atlas/countries-50m.json' {
  const topology: unknown;
  export default topology;
}
