// Match page live sync (matches/live_views.py): the poll swaps read-only fragments
// itself; when the match moved on (the page's shape changed) it triggers
// "match-moved". Reload then, unless the coach is typing in a form: never wipe what
// he typed; offer a Refresh button instead.
//
// A reload is always a GET of the match page (#match-sync's data-page-url), never a
// browser reload: a page drawn as the answer to a POST (a refused report, an event
// refused without htmx) would send that POST again, the report with its used
// Idempotency-Key. Such a page also takes the match page's address at once, so the
// browser's own reload button GETs the page too.
(function () {
  "use strict";
  var dirty = false;

  function pageUrl() {
    var sync = document.getElementById("match-sync");
    return sync && sync.dataset.pageUrl ? sync.dataset.pageUrl : null;
  }

  // Whether this document answered a POST: its address is one of the page's actions,
  // not the page's own.
  var page = pageUrl();
  var posted = page !== null && window.location.pathname !== page;
  if (posted && window.history.replaceState) {
    window.history.replaceState(null, "", page + window.location.hash);
  }

  function reload() {
    if (posted && page !== null) {
      window.location.replace(page);
      return;
    }
    window.location.reload();
  }

  document.addEventListener("input", function (event) {
    if (event.target.closest && event.target.closest("form")) dirty = true;
  });
  document.addEventListener("submit", function () { dirty = false; });

  document.addEventListener("match-moved", function () {
    if (!dirty) {
      reload();
      return;
    }
    var notice = document.getElementById("match-moved");
    if (notice) notice.hidden = false;
  });

  document.addEventListener("click", function (event) {
    if (event.target.matches && event.target.matches("[data-reload]")) reload();
  });
})();
