/* The arbiters' check-in list: a tap marks a player present or absent without leaving the
 * page, and the search box narrows the list as one types. Without this script each tap is
 * a plain form post and the search a plain GET; the page works the same, one load a tap.
 *
 * Names are compared as the server folds them (data-search): no accents, no case.
 */
(function () {
  "use strict";
  var STROKES = { "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "s" };

  function fold(text) {
    return text.replace(/[łŁøØđĐß]/g, function (c) { return STROKES[c]; })
      .normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function say(text, bad) {
    var el = document.querySelector("[data-message]");
    if (!el) return;
    el.textContent = text;
    el.classList.toggle("error", !!bad);
  }

  function filter(input) {
    var words = fold(input.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    document.querySelectorAll("[data-search]").forEach(function (row) {
      var text = row.getAttribute("data-search");
      var match = words.every(function (w) { return text.indexOf(w) !== -1; });
      row.hidden = !match;
      if (match) shown += 1;
    });
    var none = document.querySelector("[data-no-match]");
    if (none) none.hidden = shown > 0;
  }

  function mark(form) {
    var button = form.querySelector("button");
    var field = form.querySelector("input[name=present]");
    var token = form.querySelector("input[name=csrfmiddlewaretoken]").value;
    button.disabled = true;
    fetch(form.action, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRFToken": token },
      body: new FormData(form),
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (!response.ok) throw new Error(data.message || "The server said " + response.status + ".");
        return data;
      });
    }).then(function (data) {
      button.setAttribute("aria-pressed", data.present ? "true" : "false");
      field.value = data.present ? "0" : "1";
      form.querySelector("[data-state]").textContent = data.present ? "Present" : "Not checked in";
      var count = document.querySelector("[data-count]");
      if (count && data.count) count.textContent = data.count;
      say("");
    }).catch(function (error) {
      say(error.message, true);
    }).then(function () {
      button.disabled = false;
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("[data-check-in]")) return;
    event.preventDefault();
    mark(form);
  });

  document.addEventListener("input", function (event) {
    if (event.target.matches("[data-check-in-search]")) filter(event.target);
  });

  document.addEventListener("DOMContentLoaded", function () {
    var input = document.querySelector("[data-check-in-search]");
    if (input && input.value) filter(input);
  });
})();
