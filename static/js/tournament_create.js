// The new-tournament form: choosing the game picks that game's first ruleset, so the ruleset
// shown is always one of the chosen game (the list groups every game's rulesets, in the order
// of the game list). The server checks the pair either way.
(function () {
  "use strict";
  var game = document.getElementById("id_game_type");
  var ruleset = document.getElementById("id_ruleset");
  if (!game || !ruleset) return;
  game.addEventListener("change", function () {
    var groups = ruleset.querySelectorAll("optgroup");
    var group = groups[game.selectedIndex];
    if (!group) return;
    var current = ruleset.options[ruleset.selectedIndex];
    if (current && current.parentNode === group) return;
    var first = group.querySelector("option");
    if (first) ruleset.value = first.value;
  });
})();
