/* The scorekeeper's service worker (scope {{ scope }}): the installed app's start page and the draft
 * pages open with no connection at all once they have been opened on this device.
 *
 * Served by scorekeeper.pages.service_worker from {{ scope }}sw.js, so its scope is the scorekeeper's
 * pages and nothing else. It keeps the shell: CSS, scripts and the app's icons (the URLs below are
 * the static storage's, hashed in production, so a deploy brings a new cache), and the manifest;
 * and the last copy of the start page ({{ home }}) and of each draft page it has fetched. Those
 * pages and the manifest are asked of the network first and answered from the cache only when the
 * network fails; the shell files are answered from the cache. Whenever a draft page is kept the
 * start page is kept again too, so that it lists a game started since. Entries (POST) always go to
 * the network: while offline the page's script keeps them in its queue and sends them later.
 */
"use strict";

var PREFIX = "trickbook-scorekeeper-";
var CACHE = PREFIX + "{{ version }}";
var SHELL = [{% for url in shell %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
var DRAFT_PAGE = /^{{ scope_pattern }}\d+\/$/;
var HOME = "{{ home|escapejs }}";
var MANIFEST = "{{ manifest|escapejs }}";

/* The pages kept for offline: the start page and the draft pages. */
function isKept(path) {
  return path === HOME || DRAFT_PAGE.test(path);
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(function (cache) {
        return cache.addAll(SHELL.concat([MANIFEST]));
      })
      .then(function () {
        return self.skipWaiting();
      })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (keys) {
        return Promise.all(
          keys
            .filter(function (key) {
              return key.indexOf(PREFIX) === 0 && key !== CACHE;
            })
            .map(function (key) {
              return caches.delete(key);
            })
        );
      })
      .then(function () {
        return self.clients.claim();
      })
  );
});

/* A page (or the manifest) from the network, kept for later when it is the page itself. A redirect
 * (signed out, a finished game) says the kept copy is no longer the page: it is dropped. */
function fetchAndKeep(request, path) {
  return fetch(request).then(function (response) {
    var moved = response.redirected || response.type === "opaqueredirect";
    if (!moved && !(response.ok && response.type === "basic")) {
      return response;
    }
    var copy = moved ? null : response.clone();
    return caches
      .open(CACHE)
      .then(function (cache) {
        return copy ? cache.put(path, copy) : cache.delete(path);
      })
      .then(function () {
        return response;
      });
  });
}

/* The start page again, after a draft page: it lists a game started since (never fails). */
function keepHome() {
  return fetchAndKeep(new Request(HOME, { credentials: "same-origin" }), HOME).then(
    function (response) {
      return response.ok && !response.redirected;
    },
    function () {
      return false;
    }
  );
}

/* The network first; when it fails, the copy kept last (or the browser's own error). */
function networkFirst(request, path) {
  return fetchAndKeep(request, path).catch(function () {
    return caches.match(path).then(function (kept) {
      return kept || Response.error();
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") {
    return;
  }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (request.mode === "navigate" && isKept(url.pathname)) {
    var answer = networkFirst(request, url.pathname);
    if (url.pathname !== HOME) {
      event.waitUntil(answer.then(keepHome));
    }
    event.respondWith(answer);
    return;
  }
  if (url.pathname === MANIFEST) {
    event.respondWith(networkFirst(request, url.pathname));
    return;
  }
  if (SHELL.indexOf(url.pathname) >= 0) {
    event.respondWith(
      caches.match(url.pathname).then(function (kept) {
        return kept || fetch(request);
      })
    );
  }
});

/* A page that registered the worker was not fetched through it: it asks for itself to be kept
 * (a draft page, with the start page beside it), and hears back on its port whether it was. */
self.addEventListener("message", function (event) {
  var data = event.data || {};
  var port = event.ports && event.ports[0];
  if (data.type !== "keep" || typeof data.path !== "string" || !isKept(data.path)) {
    return;
  }
  var page = fetchAndKeep(new Request(data.path, { credentials: "same-origin" }), data.path).then(
    function (response) {
      return response.ok && !response.redirected;
    },
    function () {
      return false;
    }
  );
  event.waitUntil(
    Promise.all([page, data.path === HOME ? true : keepHome()]).then(function (kept) {
      if (port) {
        port.postMessage({ kept: kept[0] });
      }
    })
  );
});
