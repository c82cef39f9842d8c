/* The traveller form: each board's North–South score shown as the table chooses its result.
 *
 * A preview only: the server builds the log and the rules engine scores it when the board is saved
 * (rules.bridge.analytics.duplicate_score, Law 77). The scoring table comes from the page
 * (#traveller-data: the Laws' ruleset as the engine has it, the game and part-score premiums),
 * never from this file; each form carries its board's vulnerability (data-vulnerable-ns / -ew).
 */
(function () {
  "use strict";

  var dataElement = document.getElementById("traveller-data");
  if (!dataElement) {
    return;
  }
  var data = JSON.parse(dataElement.textContent);
  var rules = data.ruleset;
  var seatsOfNorthSouth = { N: true, S: true, E: false, W: false };

  function trickPoints(level, strain, doubling) {
    var points;
    if (strain === "NT") {
      points = rules.trick_notrump_first + (level - 1) * rules.trick_notrump_next;
    } else if (strain === "C" || strain === "D") {
      points = level * rules.trick_minor;
    } else {
      points = level * rules.trick_major;
    }
    if (doubling === "") {
      return points;
    }
    points *= rules.doubled_multiplier;
    return doubling === "XX" ? points * rules.redoubled_multiplier : points;
  }

  function overtrickPoints(overtricks, strain, doubling, vulnerable) {
    var each;
    if (doubling === "") {
      if (strain === "NT") {
        each = rules.trick_notrump_next;
      } else {
        each = strain === "C" || strain === "D" ? rules.trick_minor : rules.trick_major;
      }
    } else {
      each = vulnerable ? rules.overtrick_doubled_vul : rules.overtrick_doubled_nv;
      if (doubling === "XX") {
        each *= rules.redoubled_multiplier;
      }
    }
    return overtricks * each;
  }

  function undertrickPoints(undertricks, doubling, vulnerable) {
    var table;
    if (doubling === "") {
      table = vulnerable ? rules.undertricks_vul : rules.undertricks_nv;
    } else {
      table = vulnerable ? rules.undertricks_doubled_vul : rules.undertricks_doubled_nv;
    }
    var points = 0;
    for (var n = 1; n <= undertricks; n += 1) {
      points += n === 1 ? table[0] : n <= 3 ? table[1] : table[2];
    }
    return doubling === "XX" ? points * rules.redoubled_multiplier : points;
  }

  function declarerScore(level, strain, doubling, tricks, vulnerable) {
    var extra = tricks - (level + 6);
    if (extra < 0) {
      return -undertrickPoints(-extra, doubling, vulnerable);
    }
    var below = trickPoints(level, strain, doubling);
    var score = below + overtrickPoints(extra, strain, doubling, vulnerable);
    if (doubling === "X") {
      score += rules.insult_doubled;
    } else if (doubling === "XX") {
      score += rules.insult_redoubled;
    }
    if (level === 6) {
      score += vulnerable ? rules.small_slam_vul : rules.small_slam_nv;
    } else if (level === 7) {
      score += vulnerable ? rules.grand_slam_vul : rules.grand_slam_nv;
    }
    score += below >= 100 ? data.game_premium[vulnerable ? 1 : 0] : data.part_score_premium;
    return score;
  }

  function value(form, name) {
    var field = form.querySelector("[name$='-" + name + "']");
    return field ? field.value : "";
  }

  function kind(form) {
    var checked = form.querySelector("input[type=radio][name$='-kind']:checked");
    return checked ? checked.value : "";
  }

  function show(form) {
    var output = form.querySelector("output[data-preview]");
    if (!output) {
      return;
    }
    var text = "";
    if (kind(form) === "passed") {
      text = data.ns_label + " 0";
    } else if (kind(form) === "played") {
      var level = parseInt(value(form, "level"), 10);
      var strain = value(form, "strain");
      var declarer = value(form, "declarer");
      var tricks = parseInt(value(form, "tricks"), 10);
      if (level && strain && declarer && !isNaN(tricks)) {
        var northSouth = seatsOfNorthSouth[declarer];
        var vulnerable = form.getAttribute(northSouth ? "data-vulnerable-ns" : "data-vulnerable-ew") === "1";
        var score = declarerScore(level, strain, value(form, "doubling"), tricks, vulnerable);
        var ns = northSouth ? score : -score;
        text = data.ns_label + " " + (ns < 0 ? "\u2212" + -ns : String(ns));
      }
    }
    output.textContent = text;
    output.hidden = text === "";
  }

  var forms = document.querySelectorAll("form.traveller-form");
  Array.prototype.forEach.call(forms, function (form) {
    form.addEventListener("change", function () {
      show(form);
    });
    show(form);
  });
})();
