/* The scorekeeper's start form: a roster name tapped is added as the next seat's line of the
   players box (the box stays editable; without scripts the roster is listed as text). */
(function () {
  "use strict";
  var roster = document.querySelector("[data-roster-for]");
  if (!roster) {
    return;
  }
  var box = document.getElementById(roster.getAttribute("data-roster-for"));
  if (!box) {
    return;
  }
  roster.hidden = false;
  roster.addEventListener("click", function (event) {
    var button = event.target.closest("[data-roster-name]");
    if (!button) {
      return;
    }
    var name = button.getAttribute("data-roster-name");
    var lines = box.value.split("\n").filter(function (line) { return line.trim(); });
    if (lines.indexOf(name) < 0) {
      lines.push(name);
    }
    box.value = lines.join("\n") + "\n";
    button.setAttribute("aria-pressed", "true");
    box.focus();
  });
})();
