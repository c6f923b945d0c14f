/** Files imported as text through Vite's `?raw` suffix (the committed configuration, public/_headers). */
declare module '*?raw' {
  const text: string;
  export default text;
}
