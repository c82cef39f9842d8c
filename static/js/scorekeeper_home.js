/* The scorekeeper's start page (the installed app opens here): it registers the service worker
 * and asks it to keep this page, so the app opens with no connection, and it says, per game, how
 * many entries wait on this device to be sent. The waiting entries are static/js/scorekeeper.js's
 * queue ("trickbook:scorekeeper:<draft>" in localStorage): they are sent from the game's page.
 */
(function () {
  "use strict";

  var root = document.getElementById("scorekeeper-home");
  if (!root) {
    return;
  }
  var offline = root.querySelector("[data-home-offline]");

  function waiting(draft) {
    try {
      return JSON.parse(window.localStorage.getItem("trickbook:scorekeeper:" + draft) || "[]").length;
    } catch (e) {
      return 0;
    }
  }

  Array.prototype.forEach.call(root.querySelectorAll("[data-waiting-for]"), function (item) {
    var n = waiting(item.getAttribute("data-waiting-for"));
    item.hidden = n === 0;
    item.textContent = n ? root.getAttribute("data-text-waiting").replace("%(n)s", String(n)) : "";
  });

  function showNet() {
    offline.hidden = navigator.onLine;
  }
  window.addEventListener("online", showNet);
  window.addEventListener("offline", showNet);
  showNet();

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
      /* A page the worker did not fetch (the first visit) is not kept yet: it asks to be. */
      if (!navigator.serviceWorker.controller) {
        registration.active.postMessage({ type: "keep", path: window.location.pathname });
      }
    })
    .catch(function () {
      /* no worker (a private window, an old browser): the page works online as before */
    });
})();
