import './theme/global.css'

// The entry point stays tiny: the app's code runs after the browser has painted the page once, so a
// pre-rendered sign-in page (apps/web/scripts/prerender.mjs) is on screen before any JavaScript runs.
// antd's styles download beside the app's code, as four stylesheets that the browser parses in four
// short tasks instead of one long one (antd-css-parts-plugin.ts); the app renders once they are here.
// One that fails to load leaves the app to start unstyled rather than not at all.
requestAnimationFrame(() => {
  setTimeout(() => {
    const styles = [
      import('./theme/antd.css?part=1'),
      import('./theme/antd.css?part=2'),
      import('./theme/antd.css?part=3'),
      import('./theme/antd.css?part=4'),
    ].map((part) => part.catch(() => {}))
    void Promise.all([import('./app/start.tsx'), ...styles]).then(([m]) => m.start())
  }, 0)
})
