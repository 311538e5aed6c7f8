/* A "Copy link" button beside a read-only field (the league's invite links): a
   <button data-copy="FIELD-ID" data-copied="..." data-selected="..."> copies the
   field's text with the clipboard API where the browser offers it (a secure page),
   else selects the text so the coach copies it himself (a phone's own menu). The
   words shown come from the button's data attributes, translated by the page. */
(function () {
  "use strict";
  if (window.dugoutCopyLink) { return; }
  window.dugoutCopyLink = true;

  function say(button, field, words) {
    var status = document.querySelector('[data-copy-status="' + field.id + '"]');
    if (status) { status.textContent = words || ""; }
  }

  function selectText(field) {
    field.focus();
    field.select();
    if (field.setSelectionRange) { field.setSelectionRange(0, field.value.length); }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-copy]") : null;
    if (!button) { return; }
    var field = document.getElementById(button.getAttribute("data-copy"));
    if (!field) { return; }
    event.preventDefault();
    var selected = function () {
      selectText(field);
      say(button, field, button.getAttribute("data-selected"));
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(function () {
        say(button, field, button.getAttribute("data-copied"));
      }, selected);
    } else {
      selected();
    }
  });
}());
