// Match pages: the money a coach has left while he chooses inducements. The
// server checks the order; this only keeps the sum in view as he types.
(function () {
  "use strict";

  function gp(value) {
    if (value % 1000 === 0) return (value / 1000).toLocaleString("en-GB") + "k";
    return value.toLocaleString("en-GB") + " gp";
  }

  function update(form) {
    var spent = 0;
    form.querySelectorAll("[data-price]").forEach(function (input) {
      var price = Number(input.dataset.price) || 0;
      if (input.type === "checkbox") {
        if (input.checked) spent += price;
      } else {
        spent += (parseInt(input.value, 10) || 0) * price;
      }
    });
    var left = Number(form.dataset.money) - spent;
    var output = form.querySelector("output.money-left");
    if (!output) return;
    output.textContent = left < 0 ? "−" + gp(-left) + " (over budget)" : gp(left);
    output.classList.toggle("over", left < 0);
  }

  function watch(event) {
    var form = event.target.closest && event.target.closest("form[data-money]");
    if (form) update(form);
  }

  document.addEventListener("input", watch);
  document.addEventListener("change", watch);
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-money]").forEach(update);
  });
})();
