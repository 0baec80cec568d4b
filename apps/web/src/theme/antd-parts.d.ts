// The parts of antd's stylesheet that main.tsx loads (antd-css-parts-plugin.ts); they export nothing.
declare module '*/antd.css?part=1' {}
declare module '*/antd.css?part=2' {}
declare module '*/antd.css?part=3' {}
declare module '*/antd.css?part=4' {}
