/* Behaviour every page shares, kept out of the markup so the Content-Security-Policy needs no
 * inline script: a <select data-submit-on-change> sends its form when a choice is made (the
 * language chooser; without scripts its <noscript> button does).
 *
 * And before htmx swaps content in, the style attributes scripts set on what it replaces (a
 * chart's canvas) are dropped: htmx's settle copies an old element's attributes onto the new one
 * with the same id, and a style attribute set that way is an inline style, which the policy
 * refuses. What is swapped out is drawn again from its new markup. */
"use strict";
document.addEventListener("change", function (event) {
  var target = event.target;
  if (target instanceof HTMLSelectElement && target.hasAttribute("data-submit-on-change") && target.form) {
    target.form.submit();
  }
});

function dropStyleAttributes(root) {
  if (!root || !root.querySelectorAll) {
    return;
  }
  if (root.hasAttribute && root.hasAttribute("style")) {
    root.removeAttribute("style");
  }
  root.querySelectorAll("[style]").forEach(function (element) {
    element.removeAttribute("style");
  });
}
document.addEventListener("htmx:beforeSwap", function (event) {
  dropStyleAttributes(event.detail && event.detail.target);
});
document.addEventListener("htmx:historyCacheMissLoad", function () {
  dropStyleAttributes(document.body);
});
