/* The arbiters' check-in list: a tap marks a player present or absent without leaving the
 * page, and the search box narrows the list as one types. Without this script each tap is
 * a plain form post and the search a plain GET; the page works the same, one load a tap.
 *
 * Names are compared as the server folds them (data-search holds both folds of each name,
 * chesscore.record.names): case, accents and apostrophes aside, the letters below written
 * plainly; a word is found in its plain fold or with ä, ö, ü, ø, å spelt ae, oe, ue, oe, aa.
 */
(function () {
  "use strict";
  var PLAIN = {
    "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i",
    "ħ": "h", "ŧ": "t", "ŋ": "n", "ĸ": "k", "ß": "ss"
  };
  var SPELT = { "ä": "ae", "ö": "oe", "ü": "ue", "ø": "oe", "å": "aa" };

  function fold(text, spelt) {
    text = text.replace(/['’‘`´ʼ]/g, "").toLowerCase().normalize("NFC");
    if (spelt) text = text.replace(/[äöüøå]/g, function (c) { return SPELT[c]; });
    return text.replace(/[øłđðþæœıħŧŋĸß]/g, function (c) { return PLAIN[c]; })
      .normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  }

  function say(text, bad) {
    var el = document.querySelector("[data-message]");
    if (!el) return;
    el.textContent = text;
    el.classList.toggle("error", !!bad);
  }

  function filter(input) {
    var words = input.value.replace(/,/g, " ").split(/\s+/).filter(Boolean);
    var folds = words.map(function (w) { return [fold(w, false), fold(w, true)]; });
    var shown = 0;
    document.querySelectorAll("[data-search]").forEach(function (row) {
      var text = row.getAttribute("data-search");
      var match = folds.every(function (pair) {
        return text.indexOf(pair[0]) !== -1 || text.indexOf(pair[1]) !== -1;
      });
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
