/* The dispute page's decision form: only the chosen decision's own fields are shown.
 *
 * Without this script every panel shows, each under its heading, and the form works the same:
 * the server reads only the chosen decision's fields. With it, choosing "Annul the deal" shows
 * nothing more, "Upheld with a correction" shows the deal form, and so on; the correction's
 * mode (the deal's fields or the whole log) shows one of the two. The preview under the form is
 * kept up to date by htmx (the form's hx-* attributes) as the arbiter types.
 */
(function () {
  "use strict";
  var form = document.getElementById("decision-form");
  if (!form) return;
  var panels = Array.prototype.slice.call(form.querySelectorAll("[data-ruling]"));
  var modes = Array.prototype.slice.call(form.querySelectorAll("[data-mode]"));

  function checked(name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }

  function update() {
    var ruling = checked("ruling");
    panels.forEach(function (panel) {
      panel.hidden = panel.getAttribute("data-ruling").split(" ").indexOf(ruling) < 0;
    });
    var mode = checked("mode") || "form";
    modes.forEach(function (part) {
      part.hidden = part.getAttribute("data-mode") !== mode;
      if (!part.hidden && part.tagName === "DETAILS") part.open = true;
    });
  }

  form.addEventListener("change", function (event) {
    if (event.target && (event.target.name === "ruling" || event.target.name === "mode")) update();
  });
  update();
})();
