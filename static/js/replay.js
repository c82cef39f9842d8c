/* Deal replay stepper: trick by trick, with buttons and the arrow keys.
 *
 * Without this script the page lists every trick. With it, one trick is shown
 * at a time: step 0 is the deal before the first lead (hands as dealt), step k
 * the table after trick k, with the cards played so far gone from the hands.
 * Left/Right arrows step back and forward, Home/End jump to the start and the
 * end; an aria-live region announces each trick's winner. The step is kept in
 * the address (#trick-3; a page may name its steps otherwise with the stepper's
 * data-prefix, durak's #step-12), so a link to a trick opens the stepper there;
 * a link to any element inside a step (durak's #event-12, #bout-3) opens that step, and a
 * page may name the step to open at without an address (data-start on the root).
 * All words come translated from the page (data-* attributes).
 */
(function () {
  "use strict";
  var root = document.querySelector("[data-replay]");
  if (!root) return;
  var stepper = root.querySelector(".stepper");
  if (!stepper) return;
  var tricks = Array.prototype.slice.call(root.querySelectorAll(".tricks > .trick"));
  var handCards = Array.prototype.slice.call(root.querySelectorAll(".hands [data-trick]"));
  var live = root.querySelector("[data-live]");
  var position = stepper.querySelector(".position");
  var prev = stepper.querySelector('[data-step="prev"]');
  var next = stepper.querySelector('[data-step="next"]');
  var last = tricks.length;
  var current = 0;
  var prefix = stepper.getAttribute("data-prefix") || "trick";

  function stepFromHash() {
    var hash = window.location.hash;
    var m = new RegExp("^#" + prefix + "-(\\d+)$").exec(hash);
    if (m) {
      var k = parseInt(m[1], 10);
      return k >= 0 && k <= last ? k : null;
    }
    if (hash.length < 2) return null;
    var target = document.getElementById(decodeURIComponent(hash.slice(1)));
    var item = target && target.closest ? target.closest(".tricks > .trick") : null;
    var i = item ? tricks.indexOf(item) : -1;
    return i < 0 ? null : i + 1;
  }

  function show(k, announce) {
    current = Math.max(0, Math.min(last, k));
    tricks.forEach(function (trick, i) {
      trick.hidden = i + 1 !== current;
    });
    // The hands stay as dealt: a card already played is marked (struck through, with its trick in
    // the tooltip), the cards of the trick shown are outlined; nothing disappears.
    handCards.forEach(function (card) {
      var trick = parseInt(card.getAttribute("data-trick"), 10);
      card.classList.toggle("played", trick < current);
      card.classList.toggle("in-trick", trick === current);
      var label = stepper.getAttribute("data-played-label");
      if (label) {
        card.title = trick <= current ? label.replace("%(number)s", String(trick)) : "";
      }
    });
    var text = current === 0
      ? stepper.getAttribute("data-before")
      : stepper.getAttribute("data-position")
          .replace("%(number)s", String(current))
          .replace("%(total)s", String(last));
    position.textContent = text;
    prev.disabled = current === 0;
    next.disabled = current === last;
    if (announce) {
      live.textContent = current === 0 ? text : tricks[current - 1].getAttribute("data-announce");
      var hash = current === 0 ? "" : "#" + prefix + "-" + current;
      if (window.history && window.history.replaceState) {
        window.history.replaceState(null, "", window.location.pathname + window.location.search + hash);
      }
    }
  }

  prev.addEventListener("click", function () { show(current - 1, true); });
  next.addEventListener("click", function () { show(current + 1, true); });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target && target.closest && target.closest("input, select, textarea, [contenteditable]")) return;
    var to = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last}[event.key];
    if (to === undefined) return;
    event.preventDefault();
    show(to, true);
  });
  window.addEventListener("hashchange", function () {
    var k = stepFromHash();
    if (k !== null && k !== current) {
      show(k, true);
      if (k > 0) tricks[k - 1].scrollIntoView();
    }
  });

  root.classList.add("stepping");
  stepper.hidden = false;
  var start = stepFromHash();
  if (start !== null) {
    show(start, false);
    if (start) tricks[start - 1].scrollIntoView();
  } else {
    // A page that embeds the stepper may open it at a step of its own (the dispute page: the
    // claimed trick, or the first finding's), without moving the reader there.
    var opening = parseInt(root.getAttribute("data-start") || "0", 10);
    show(opening > 0 && opening <= last ? opening : 0, false);
  }
})();
