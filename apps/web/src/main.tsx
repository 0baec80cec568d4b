import './theme/global.css'

// The entry point stays tiny: the app's code runs after the browser has painted the page once, so a
// pre-rendered sign-in page (apps/web/scripts/prerender.mjs) is on screen before any JavaScript runs.
requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./app/start.tsx').then((m) => m.start())
  }, 0)
})
