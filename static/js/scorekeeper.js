/* The live scorekeeper: every tap is saved on the server at once, and queued in the browser first.
 *
 * Each tap becomes an entry with an id made here; the entry goes into a queue kept in localStorage
 * (one per draft) and is sent from there, in order. The server checks it with the rules engine,
 * stores it (a resend with the same id is the same entry, never a second one) and answers with the
 * panel's HTML, which replaces the page's panel: whose turn, the bids, the trick, the warnings and
 * the running totals all come from the server's replay, never from rules in this file.
 *
 * Offline, the taps wait in the queue (the page lists what waits) and are sent, in order, when the
 * connection returns, or when the page is opened again on this device. While entries wait the page
 * takes the deal on by itself (static/js/scorekeeper_offline.js: the trump card, the bids in turn,
 * the cards trick by trick, the next deal), so a whole deal can be entered with no connection;
 * each answer of the server replaces that guess. An entry the server refuses is reported with
 * its reason, and is not saved; nor are the entries after it, entered against a step the server
 * did not reach: the page names them and shows the server's state, to enter them again from.
 * Without JavaScript every form still posts and the server answers with a redirect.
 *
 * The page itself opens offline too: a service worker (templates/scorekeeper/sw.js, scope the
 * scorekeeper's pages) keeps its shell and the last copy of the page, and the last panel the server
 * sent is kept here (localStorage, with the number of entries it had seen), so a reload with no
 * connection shows the sheet as it was last answered, with the queued taps marked on it.
 */
(function () {
  "use strict";

  var root = document.getElementById("scorekeeper");
  if (!root) {
    return;
  }
  var draft = root.getAttribute("data-draft");
  var url = root.getAttribute("data-entry-url");
  var storageKey = "trickbook:scorekeeper:" + draft;
  var panelKey = "trickbook:scorekeeper-panel:" + draft;
  var net = document.querySelector("[data-net]");
  var queueList = document.querySelector("[data-queue]");
  var sending = false;
  var retryTimer = null;
  var lastSuit = null;
  var offline = window.ScorekeeperOffline || null;
  /* The panel as the server last answered it, and whether the page shows a guess over it. */
  var answered = null;
  var guessed = false;
  /* What the line above the panel says once the queue is empty: an entry refused, say. */
  var notice = "";

  function newId() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map
      .call(bytes, function (b) {
        return ("0" + b.toString(16)).slice(-2);
      })
      .join("");
  }

  function load() {
    try {
      return JSON.parse(window.localStorage.getItem(storageKey) || "[]");
    } catch (e) {
      return [];
    }
  }

  function save(queue) {
    window.localStorage.setItem(storageKey, JSON.stringify(queue));
  }

  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  }

  /* The page's words for a waiting entry (scorekeeper.pages.queue_words): each kind's name, the
   * players by seat, each card as the reader writes it ("Д♥"), so the queue reads "Анна: Заказ 2"
   * rather than the codes the server takes. */
  var words = (function () {
    var node = document.getElementById("sk-queue-words");
    try {
      return node ? JSON.parse(node.textContent) : {};
    } catch (e) {
      return {};
    }
  })();

  function describe(fields) {
    var kinds = words.kinds || {};
    var players = words.players || [];
    var cards = words.cards || {};
    var parts = [kinds[fields.kind] || fields.kind || ""];
    if (fields.card) {
      parts.push(cards[fields.card] || fields.card);
    }
    if (fields.value !== undefined && fields.value !== "") {
      parts.push(fields.value);
    }
    var who = fields.seat !== undefined && fields.seat !== "" ? players[Number(fields.seat)] : undefined;
    return (who ? who + ": " : "") + parts.join(" ");
  }

  function showQueue(offline) {
    var queue = load();
    if (!net || !queueList) {
      return;
    }
    queueList.innerHTML = "";
    queue.forEach(function (item) {
      var li = document.createElement("li");
      li.textContent = describe(item.fields);
      queueList.appendChild(li);
    });
    queueList.hidden = queue.length === 0;
    if (queue.length === 0) {
      net.hidden = !notice;
      net.classList.toggle("offline", !!notice);
      net.textContent = notice;
      return;
    }
    net.hidden = false;
    net.classList.toggle("offline", !!offline);
    var template = root.getAttribute(offline ? "data-text-offline" : "data-text-sending");
    net.textContent = format(template, { n: queue.length });
  }

  function fieldsOf(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) {
      data.set(submitter.name, submitter.value);
    }
    var fields = {};
    data.forEach(function (value, key) {
      fields[key] = value;
    });
    fields.entry_id = newId();
    return fields;
  }

  /* What the page shows of a tap where scorekeeper_offline.js cannot follow the entries waiting:
   * the card tapped is out of play, the bid is written beside the player. */
  function optimistic(fields, submitter) {
    if (submitter && (fields.kind === "play" || fields.kind === "trump")) {
      submitter.disabled = true;
      submitter.setAttribute("aria-disabled", "true");
    }
    if (fields.kind === "bid") {
      var seat = fields.seat;
      var item = root.querySelector("[data-bids] li[data-seat='" + seat + "'] [data-bid]");
      if (item) {
        item.textContent = fields.value + (fields.blind ? "*" : "");
      }
      var select = root.querySelector("[data-seat-select]");
      var panel = root.querySelector("#scorekeeper-panel");
      if (select && panel) {
        var order = (panel.getAttribute("data-speaking-order") || "").split(",");
        var at = order.indexOf(String(seat));
        if (at >= 0 && at + 1 < order.length) {
          select.value = order[at + 1];
        }
      }
    }
  }

  function revisionOf(panel) {
    return parseInt((panel && panel.getAttribute("data-revision")) || "0", 10) || 0;
  }

  function replacePanel(html, keep) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#scorekeeper-panel");
    var current = root.querySelector("#scorekeeper-panel");
    if (fresh && current) {
      current.replaceWith(fresh);
      answered = html;
      guessed = false;
      initGrid();
      if (keep) {
        keepPanel(fresh, html);
      }
    }
  }

  /* The last panel the server answered, for a reload with no connection. */
  function keepPanel(panel, html) {
    try {
      window.localStorage.setItem(panelKey, JSON.stringify({ revision: revisionOf(panel), html: html }));
    } catch (e) {
      /* storage full or refused: the page still works online */
    }
  }

  function restorePanel() {
    var kept = null;
    try {
      kept = JSON.parse(window.localStorage.getItem(panelKey) || "null");
    } catch (e) {
      kept = null;
    }
    var current = root.querySelector("#scorekeeper-panel");
    if (kept && kept.html && current && kept.revision > revisionOf(current)) {
      replacePanel(kept.html, false);
    }
  }

  /* Where the entries waiting lead: the step after them, as scorekeeper_offline.js guesses it from
   * the deal the server last answered; where it cannot follow them (an undo of an entry already
   * answered, a card taken back), the panel as answered with the taps marked on it. */
  function showGuess() {
    var queue = load();
    var panel = root.querySelector("#scorekeeper-panel");
    if (!panel || queue.length === 0) {
      return;
    }
    var guess = offline
      ? offline.guess(
          panel,
          queue.map(function (item) {
            return item.fields;
          })
        )
      : null;
    if (guess && offline.show(panel, guess, words.cards || {})) {
      guessed = true;
      showUndo(panel, guess);
      return;
    }
    if (guessed && answered) {
      replacePanel(answered, false);
    }
    markQueued();
  }

  /* The undo button takes back the last entry still standing, waiting ones included. */
  function showUndo(panel, guess) {
    var form = panel.querySelector(".sk-undo");
    var button = form && form.querySelector("[data-undo]");
    if (button && guess.last) {
      form.hidden = false;
      button.textContent = offline.format(guess.data.words.undo, { what: describe(guess.last) });
    }
  }

  /* The reason the server gave for refusing an entry (the panel's error line). */
  function reasonOf(html) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var error = holder.querySelector("[data-error]");
    return error ? error.textContent.trim() : "";
  }

  /* After a reload, the taps still waiting are marked on the page again. */
  function markQueued() {
    load().forEach(function (item) {
      var fields = item.fields;
      var button = null;
      if ((fields.kind === "play" || fields.kind === "trump") && fields.card) {
        button = root.querySelector("[data-card='" + fields.card + "']");
      }
      optimistic(fields, button);
    });
  }

  function scheduleRetry() {
    if (retryTimer === null) {
      retryTimer = window.setTimeout(function () {
        retryTimer = null;
        flush();
      }, 2000);
    }
  }

  function flush() {
    if (sending) {
      return;
    }
    var queue = load();
    if (queue.length === 0) {
      showQueue(false);
      return;
    }
    sending = true;
    showQueue(!navigator.onLine);
    var item = queue[0];
    var body = new FormData();
    Object.keys(item.fields).forEach(function (key) {
      body.append(key, item.fields[key]);
    });
    window
      .fetch(url, {
        method: "POST",
        body: body,
        credentials: "same-origin",
        headers: { "X-Scorekeeper": "1", "X-CSRFToken": item.fields.csrfmiddlewaretoken || "" },
      })
      .then(function (response) {
        if (response.status >= 500) {
          throw new Error("server " + response.status);
        }
        return response.text().then(function (text) {
          var rest = load().filter(function (other) {
            return other.fields.entry_id !== item.fields.entry_id;
          });
          if (response.status === 403 || response.status === 404) {
            save([]);
            notice = format(root.getAttribute("data-text-failed"), { reason: response.status });
            return;
          }
          if (response.status === 200) {
            save(rest);
            replacePanel(text, true);
            showGuess();
            return;
          }
          // Refused: this entry is not saved, nor those after it (they followed a step the server
          // did not reach). The page shows the server's state and says which were not sent.
          save([]);
          replacePanel(text, false);
          notice = format(root.getAttribute("data-text-failed"), {
            reason: describe(item.fields) + " — " + reasonOf(text),
          });
          if (rest.length) {
            notice +=
              " " +
              format(root.getAttribute("data-text-dropped"), {
                entries: rest
                  .map(function (other) {
                    return describe(other.fields);
                  })
                  .join("; "),
              });
          }
        });
      })
      .then(
        function () {
          sending = false;
          showQueue(false);
          if (load().length) {
            flush();
          }
        },
        function () {
          sending = false;
          showQueue(true);
          scheduleRetry();
        }
      );
  }

  root.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute("data-entry")) {
      return;
    }
    event.preventDefault();
    var submitter = event.submitter || null;
    var fields = fieldsOf(form, submitter);
    form.reset(); // the next deal's tricks taken, the next bid: not this entry's
    var queue = load();
    queue.push({ fields: fields });
    save(queue);
    notice = "";
    showGuess();
    showQueue(!navigator.onLine);
    flush();
  });

  /* The card grid shows one suit at a time on a phone: a row of suit buttons above it. */
  function initGrid() {
    var grid = root.querySelector("[data-grid]");
    if (!grid) {
      return;
    }
    var tabs = grid.querySelector("[data-suit-tabs]");
    var groups = grid.querySelectorAll("fieldset[data-suit]");
    var trick = root.querySelector("[data-trick] li");
    var open = null;
    Array.prototype.forEach.call(groups, function (group) {
      if (group.hasAttribute("data-open")) {
        open = group.getAttribute("data-suit");
      }
    });
    if (!trick && lastSuit) {
      open = lastSuit;
    }
    function show(letter) {
      lastSuit = letter;
      Array.prototype.forEach.call(groups, function (group) {
        group.hidden = group.getAttribute("data-suit") !== letter;
      });
      Array.prototype.forEach.call(tabs.querySelectorAll("[data-suit-tab]"), function (tab) {
        tab.setAttribute("aria-pressed", tab.getAttribute("data-suit-tab") === letter ? "true" : "false");
      });
    }
    tabs.hidden = false;
    tabs.addEventListener("click", function (event) {
      var tab = event.target.closest("[data-suit-tab]");
      if (tab) {
        show(tab.getAttribute("data-suit-tab"));
      }
    });
    show(open || "S");
  }

  /* The service worker, so that the page opens again with no connection. The page that registers
   * it was not fetched through it: it asks the worker to keep it, unless a copy is kept already. */
  function offlineReady() {
    root.setAttribute("data-offline-ready", "");
  }

  function registerWorker() {
    var script = root.getAttribute("data-service-worker");
    if (!script || !("serviceWorker" in navigator) || !window.caches) {
      return;
    }
    navigator.serviceWorker
      .register(script, { scope: root.getAttribute("data-service-worker-scope") })
      .then(function () {
        return navigator.serviceWorker.ready;
      })
      .then(function (registration) {
        return window.caches.match(window.location.pathname).then(function (kept) {
          if (kept) {
            offlineReady();
            return;
          }
          var channel = new MessageChannel();
          channel.port1.onmessage = function (event) {
            if (event.data && event.data.kept) {
              offlineReady();
            }
          };
          registration.active.postMessage({ type: "keep", path: window.location.pathname }, [channel.port2]);
        });
      })
      .catch(function () {
        /* no worker (a private window, an old browser): the page works online as before */
      });
  }

  window.addEventListener("online", flush);
  window.addEventListener("offline", function () {
    showQueue(true);
  });
  answered = (root.querySelector("#scorekeeper-panel") || {}).outerHTML || null;
  restorePanel();
  initGrid();
  showGuess();
  showQueue(!navigator.onLine);
  registerWorker();
  flush();
})();
