/* The scorekeeper's service worker (scope {{ scope }}): the draft page opens with no connection at
 * all once it has been opened on this device.
 *
 * Served by scorekeeper.pages.service_worker from {{ scope }}sw.js, so its scope is the scorekeeper's
 * pages and nothing else. It keeps the page shell's CSS and scripts (the URLs below are the static
 * storage's, hashed in production, so a deploy brings a new cache) and the last copy of each draft
 * page it has fetched. A draft page is asked of the network first and answered from the cache only
 * when the network fails; the shell files are answered from the cache. Entries (POST) always go to
 * the network: while offline the page's script keeps them in its queue and sends them later.
 */
"use strict";

var PREFIX = "trickbook-scorekeeper-";
var CACHE = PREFIX + "{{ version }}";
var SHELL = [{% for url in shell %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
var DRAFT_PAGE = /^{{ scope_pattern }}\d+\/$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(function (cache) {
        return cache.addAll(SHELL);
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

/* A draft page from the network, kept for later when it is the page itself (not a redirect). */
function fetchAndKeep(request, path) {
  return fetch(request).then(function (response) {
    if (response.ok && response.type === "basic" && !response.redirected) {
      var copy = response.clone();
      return caches
        .open(CACHE)
        .then(function (cache) {
          return cache.put(path, copy);
        })
        .then(function () {
          return response;
        });
    }
    return response;
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
  if (request.mode === "navigate" && DRAFT_PAGE.test(url.pathname)) {
    event.respondWith(
      fetchAndKeep(request, url.pathname).catch(function () {
        return caches.match(url.pathname).then(function (kept) {
          return kept || Response.error();
        });
      })
    );
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

/* The page that registered the worker was not fetched through it: it asks for itself to be kept. */
self.addEventListener("message", function (event) {
  var data = event.data || {};
  var port = event.ports && event.ports[0];
  if (data.type !== "keep" || typeof data.path !== "string" || !DRAFT_PAGE.test(data.path)) {
    return;
  }
  event.waitUntil(
    fetchAndKeep(new Request(data.path, { credentials: "same-origin" }), data.path).then(
      function (response) {
        if (port) {
          port.postMessage({ kept: response.ok && !response.redirected });
        }
      },
      function () {
        if (port) {
          port.postMessage({ kept: false });
        }
      }
    )
  );
});
