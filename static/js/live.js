/* Rookery live pages: no framework, no network beyond this site.
 *
 * A page whose <body> has data-live-url polls that URL (a tiny JSON version of the
 * section) and, when the version changes, fetches the page again and swaps every element
 * marked data-live (by id) for its new copy — no reload, the scroll position stays — and
 * then fires "live:swapped" on the document.
 * The "Find me" form shows results as you type; without JavaScript it is a plain GET form.
 * [data-print] buttons print the page; they arrive disabled until this script binds them.
 */
(function () {
  "use strict";
  var INTERVAL = 20000;

  // False when a fragment was left alone because the visitor is typing in it: swapping it
  // would throw their input away, so the caller tries again at the next poll.
  function swapFragments(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var all = true;
    document.querySelectorAll("[data-live][id]").forEach(function (old) {
      var fresh = doc.getElementById(old.id);
      if (!fresh) return;
      if (old.contains(document.activeElement) && document.activeElement.matches("input, textarea, select")) {
        all = false;
        return;
      }
      old.replaceWith(fresh);
    });
    // Scripts that enable or bind the page's controls do it again for the new copies.
    document.dispatchEvent(new CustomEvent("live:swapped"));
    return all;
  }

  function note(text) {
    var el = document.querySelector(".live-note");
    if (!el) {
      el = document.createElement("div");
      el.className = "live-note";
      el.setAttribute("role", "status");
      document.body.appendChild(el);
    }
    el.textContent = text;
    clearTimeout(el.hideTimer);
    el.hideTimer = setTimeout(function () { el.remove(); }, 4000);
  }

  function startPolling(url) {
    var etag = null;
    function poll() {
      if (document.hidden) return;
      var headers = etag ? { "If-None-Match": etag } : {};
      fetch(url, { headers: headers, cache: "no-store", credentials: "same-origin" })
        .then(function (response) {
          if (response.status !== 200) return;
          var fresh = response.headers.get("ETag");
          var previous = etag;
          var changed = etag !== null && fresh !== etag;
          etag = fresh;
          if (!changed) return;
          return fetch(location.href, { cache: "no-store", credentials: "same-origin" })
            .then(function (page) { return page.text(); })
            .then(function (html) {
              if (swapFragments(html)) note("Updated");
              else etag = previous;
            });
        })
        .catch(function () { /* offline for a moment: try again next time */ });
    }
    poll();
    setInterval(poll, INTERVAL);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
  }

  function findAsYouType(form) {
    var input = form.querySelector("input[name=q]");
    var results = form.querySelector("[data-find-results]");
    if (!input || !results) return;
    var timer = null;
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var q = input.value.trim();
        if (q.length < 2) { results.innerHTML = ""; return; }
        var url = form.action + "?partial=1&q=" + encodeURIComponent(q);
        fetch(url, { credentials: "same-origin" })
          .then(function (r) { return r.text(); })
          .then(function (html) { if (input.value.trim() === q) results.innerHTML = html; });
      }, 250);
    });
    // Typed before this script arrived: search for it now.
    if (input.value.trim().length >= 2) input.dispatchEvent(new Event("input"));
  }

  document.addEventListener("DOMContentLoaded", function () {
    var url = document.body.getAttribute("data-live-url");
    if (url && window.fetch && window.DOMParser) startPolling(url);
    document.querySelectorAll("form[data-find]").forEach(findAsYouType);
    armPrint();
  });

  // Delegated, so that print buttons in swapped fragments work too.
  function armPrint() {
    document.querySelectorAll("[data-print][disabled]").forEach(function (button) {
      button.disabled = false;
    });
  }
  document.addEventListener("live:swapped", armPrint);
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) window.print();
  });
})();
