/* The score-sheet form: each deal's scores, the running totals and the checks, as the scorekeeper types.
 *
 * A preview only: the server builds the log and the rules engine scores it when the game is recorded.
 * The scoring parameters come from the tournament's ruleset (Ruleset.as_dict(), in #sheet-data),
 * never from this file: made_bonus + per_trick * bid for a contract made, nil_made for a zero bid made
 * (a number, or "N+cards"), failed for a contract missed, over or under.
 */
(function () {
  "use strict";

  var dataElement = document.getElementById("sheet-data");
  var form = document.getElementById("sheet-form");
  if (!dataElement || !form) {
    return;
  }
  var data = JSON.parse(dataElement.textContent);
  var rules = data.ruleset;
  var players = data.players;
  var n = players.length;
  var rows = Array.prototype.slice.call(form.querySelectorAll("tbody tr[data-deal]"));
  var firstDealer = form.querySelector("select[name=first_dealer]");

  function nilPoints(cards) {
    var nil = rules.nil_made;
    if (typeof nil === "number") {
      return nil;
    }
    var match = /^\s*(-?\d+)\s*\+\s*cards\s*$/i.exec(String(nil));
    return match ? parseInt(match[1], 10) + cards : rules.made_bonus;
  }

  function points(cards, bid, taken) {
    if (bid !== taken) {
      return rules.failed;
    }
    return bid === 0 ? nilPoints(cards) : rules.made_bonus + rules.per_trick * bid;
  }

  function read(input) {
    if (!input || input.value.trim() === "") {
      return null;
    }
    var value = Number(input.value);
    return Number.isInteger(value) && value >= 0 ? value : null;
  }

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  }

  function cell(row, column, seat) {
    return row.querySelector("input.sheet-" + column + "[data-seat='" + seat + "']");
  }

  function update() {
    var totals = [];
    var warnings = 0;
    for (var s = 0; s < n; s += 1) {
      totals.push(0);
    }
    rows.forEach(function (row) {
      var cards = Number(row.dataset.cards);
      var bids = [];
      var taken = [];
      for (var seat = 0; seat < n; seat += 1) {
        var bid = read(cell(row, "bid", seat));
        var took = read(cell(row, "taken", seat));
        bids.push(bid);
        taken.push(took);
        var scoreOut = row.querySelector("[data-score='" + seat + "']");
        var totalOut = row.querySelector("[data-total='" + seat + "']");
        if (bid === null || took === null) {
          scoreOut.textContent = "";
          totalOut.textContent = "";
        } else {
          var score = points(cards, bid, took);
          totals[seat] += score;
          scoreOut.textContent = String(score);
          totalOut.textContent = String(totals[seat]);
        }
      }
      var given = taken.filter(function (t) { return t !== null; });
      var sum = given.reduce(function (a, b) { return a + b; }, 0);
      var warning = row.querySelector("[data-warning]");
      var wrong = (given.length === n && sum !== cards) || sum > cards;
      warning.textContent = wrong ? format(data.messages.sum, { sum: sum, cards: cards }) : "";
      row.classList.toggle("sum-wrong", wrong);
      if (wrong) {
        warnings += 1;
      }
      var balance = row.querySelector("[data-balance]");
      if (bids.every(function (b) { return b !== null; })) {
        var bidSum = bids.reduce(function (a, b) { return a + b; }, 0);
        balance.textContent = data.messages[bidSum > cards ? "over" : bidSum < cards ? "under" : "even"];
      } else {
        balance.textContent = "";
      }
    });
    for (var seat = 0; seat < n; seat += 1) {
      var out = form.querySelector("[data-final='" + seat + "']");
      if (out) {
        out.textContent = String(totals[seat]);
      }
    }
    form.classList.toggle("has-sum-warnings", warnings > 0);
  }

  function updateDealers() {
    var first = firstDealer ? Number(firstDealer.value) : 0;
    rows.forEach(function (row, index) {
      var dealer = row.querySelector("[data-dealer]");
      if (dealer) {
        dealer.textContent = players[(first + index) % n];
      }
    });
  }

  form.addEventListener("input", update);
  if (firstDealer) {
    firstDealer.addEventListener("change", updateDealers);
  }
  updateDealers();
  update();
  // After a refused submit, start from the error summary: each error there links to its cell.
  var summary = document.querySelector(".error-summary");
  if (summary) {
    summary.focus();
  }
})();
