/* Organiser round page: pair and enter results through the site's own API.
 *
 * Pairing is queued: the page asks for it, then follows the run until it is done or
 * failed, so the browser never waits on the engine. Results save as soon as a button is
 * pressed, naming the version of the game the page showed: a result changed meanwhile by
 * someone else is refused (409), and the row then shows who changed it and the result as
 * it is now. What happened to a result is said on its own row. Publishing, pairing again,
 * unpublishing and deleting go through confirmation pages (plain links). Handlers are
 * delegated from the document, because live.js swaps the round's fragment when something
 * changes.
 *
 * The page's buttons arrive disabled (data-needs-script): a click before this script has run
 * would do nothing, so they are enabled here, and again in every fragment live.js swaps in.
 */
(function () {
  "use strict";
  var QUICK = { "1": "1-0", "0": "0-1", "=": "1/2", "½": "1/2", "+": "+-", "-": "-+", "--": "--" };

  function csrf() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function say(text, bad) {
    var el = document.querySelector("[data-message]");
    if (!el) return;
    el.textContent = text;
    el.classList.toggle("error", !!bad);
  }

  function api(url, body) {
    return fetch(url, {
      method: body === undefined ? "GET" : "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (!response.ok) {
          var error = new Error(data.message || "The server said " + response.status + ".");
          error.status = response.status;
          error.data = data;
          throw error;
        }
        return data;
      });
    });
  }

  function refresh() { location.reload(); }

  function follow(runUrl) {
    api(runUrl).then(function (run) {
      if (run.status === "done") { say("Paired. Review the draft, then publish it."); refresh(); }
      else if (run.status === "failed") { say("Pairing failed: " + run.error, true); }
      else { say("Pairing… (" + run.status + ")"); setTimeout(function () { follow(runUrl); }, 1500); }
    }).catch(function (error) { say(error.message, true); });
  }

  function root() { return document.getElementById("round-manage"); }

  // Players who did not check in: the section asks first, so the page says how many and
  // who they are and offers to pair without them (their zero-point byes are written to the
  // log). When that would leave no board, the server refuses again and the page offers a
  // button for that case alone. The button texts come from the page (data-leave-out-*),
  // which has them in the site's language.
  function offer(action, text) {
    var el = document.querySelector("[data-message]");
    if (!el) return;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "button danger";
    button.dataset.action = action;
    button.textContent = text;
    el.appendChild(document.createTextNode(" "));
    el.appendChild(button);
  }

  function countText(template, count) {
    return template.split("{count}").join(String(count));
  }

  function pair(leaveOut, noBoard) {
    var body = {};
    if (leaveOut) body.leave_out = true;
    if (noBoard) body.no_board = true;
    say("Asking for the pairing…");
    api(root().dataset.pairUrl, body).then(function (accepted) {
      follow(accepted.run);
    }).catch(function (error) {
      say(error.message, true);
      var data = error.data || {};
      var texts = root().dataset;
      if (data.code === "check_in_missing") {
        var one = data.count === 1;
        offer("pair-leave-out", countText(one ? texts.leaveOutOne : texts.leaveOutMany, data.count));
      } else if (data.code === "check_in_no_board") {
        offer("pair-no-board", countText(texts.noBoard, data.count));
      }
    });
  }

  function rowSay(row, text, bad) {
    var el = row.querySelector("[data-row-status]");
    if (!el) return;
    el.textContent = text;
    el.classList.toggle("error", !!bad);
  }

  function showResult(row, result, version) {
    row.dataset.result = result;
    row.dataset.version = String(version);
    row.querySelectorAll("[data-result-value]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.resultValue === result ? "true" : "false");
    });
    var select = row.querySelector("[data-result-select]");
    if (select) select.value = result;
  }

  function setResult(row, value) {
    var board = row.id.replace("board-", "");
    row.classList.add("saving");
    rowSay(row, "Saving…");
    var body = { result: value, version: parseInt(row.dataset.version, 10) };
    return api(row.dataset.gameUrl, body).then(function (answer) {
      row.classList.remove("saving");
      showResult(row, answer.game.result, answer.game.version);
      var notes = answer.replay.filter(function (n) { return !n.same; });
      rowSay(row, notes.length ? "Saved. " + notes.map(function (n) { return n.text; }).join(" ") : "Saved.", notes.length > 0);
      say("Board " + board + ": saved.");
    }).catch(function (error) {
      row.classList.remove("saving");
      if (error.status === 409 && error.data && error.data.current) {
        showResult(row, error.data.current.result, error.data.current.version);
      }
      rowSay(row, error.message, true);
      throw error;
    });
  }

  function quick() {
    var tokens = document.querySelector("[data-quick]").value.trim().split(/[\s,;]+/);
    var rows = Array.prototype.slice.call(document.querySelectorAll("tr[data-game-url]"));
    var jobs = [];
    for (var i = 0; i < tokens.length && i < rows.length; i++) {
      if (tokens[i] === "." || tokens[i] === "") continue;
      if (!(tokens[i] in QUICK)) { say("“" + tokens[i] + "” (board " + (i + 1) + ") is not a result.", true); return; }
      jobs.push([rows[i], QUICK[tokens[i]]]);
    }
    // One after the other: each result locks the section, and order keeps messages readable.
    jobs.reduce(function (chain, job) {
      return chain.then(function () { return setResult(job[0], job[1]); });
    }, Promise.resolve()).then(function () {
      say(jobs.length + " result" + (jobs.length === 1 ? "" : "s") + " saved.");
    }).catch(function () { /* the failing board said why */ });
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest("[data-action], [data-result-value]");
    if (!target || !root()) return;
    if (target.dataset.resultValue) {
      setResult(target.closest("tr[data-game-url]"), target.dataset.resultValue).catch(function () {});
    } else if (target.dataset.action === "pair") pair(false);
    else if (target.dataset.action === "pair-leave-out") pair(true);
    else if (target.dataset.action === "pair-no-board") pair(true, true);
    else if (target.dataset.action === "quick") quick();
  });

  document.addEventListener("change", function (event) {
    if (!event.target.matches("[data-result-select]")) return;
    setResult(event.target.closest("tr[data-game-url]"), event.target.value).catch(function () {});
  });

  function arm() {
    document.querySelectorAll("[data-needs-script][disabled]").forEach(function (el) {
      el.disabled = false;
    });
  }

  document.addEventListener("live:swapped", arm);

  document.addEventListener("DOMContentLoaded", function () {
    arm();
    var el = root();
    if (el && el.dataset.status === "pairing") {
      api(el.dataset.runsUrl).then(function (runs) {
        if (runs.length) follow(location.origin + "/api/v1/runs/" + runs[0].id + "/");
      }).catch(function () {});
    }
  });
})();
