/* The API documentation page: Redoc (served from this site) renders the schema whose URL
 * the container names, in the system's own fonts so no font is fetched from elsewhere.
 */
(function () {
  "use strict";
  var SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  var MONOSPACE = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace';

  document.addEventListener("DOMContentLoaded", function () {
    var container = document.getElementById("redoc-container");
    if (!container || !window.Redoc) return;
    window.Redoc.init(
      container.dataset.schemaUrl,
      {
        theme: {
          typography: {
            fontFamily: SYSTEM_FONTS,
            headings: { fontFamily: SYSTEM_FONTS },
            code: { fontFamily: MONOSPACE },
          },
        },
      },
      container
    );
  });
})();
