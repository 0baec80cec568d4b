// Applies the stored theme before the app loads, so a dark-theme user never sees a white flash.
;(() => {
  let theme = 'light'
  try {
    theme = localStorage.getItem('theme') === 'dark' ? 'dark' : 'light'
  } catch {
    // Storage is unavailable (private mode): the light theme it is.
  }
  document.documentElement.dataset.theme = theme
  document.documentElement.style.colorScheme = theme
})()
