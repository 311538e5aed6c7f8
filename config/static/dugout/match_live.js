// Match page live sync (matches/live_views.py): the poll swaps read-only fragments
// itself; when the match moved on (the page's shape changed) it triggers
// "match-moved". Reload then, unless the coach is typing in a form: never wipe what
// he typed; offer a Refresh button instead.
(function () {
  "use strict";
  var dirty = false;

  document.addEventListener("input", function (event) {
    if (event.target.closest && event.target.closest("form")) dirty = true;
  });
  document.addEventListener("submit", function () { dirty = false; });

  document.addEventListener("match-moved", function () {
    if (!dirty) {
      window.location.reload();
      return;
    }
    var notice = document.getElementById("match-moved");
    if (notice) notice.hidden = false;
  });

  document.addEventListener("click", function (event) {
    if (event.target.matches && event.target.matches("[data-reload]")) window.location.reload();
  });
})();
