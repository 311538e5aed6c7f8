// The printable sheet's "Print" button (a file, not inline: the CSP allows only our scripts).
document.addEventListener("click", function (event) {
  if (event.target.closest("[data-print]")) {
    window.print();
  }
});
