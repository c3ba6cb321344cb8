// Applies the theme before first paint so there is no light flash in dark mode. A file, not an inline
// script: the Content-Security-Policy (script-src 'self') blocks inline scripts.
(() => {
  var t = null;
  try {
    t = localStorage.getItem('theme');
  } catch (_) {}
  if (t !== 'light' && t !== 'dark')
    t = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.classList.add(t);
  document.documentElement.style.colorScheme = t;
})();
