// Small behaviours the pages share; loaded from the app itself (no inline scripts).
document.addEventListener("click", function (e) {
  var el = e.target.closest("[data-print]");
  if (el) {
    e.preventDefault();
    window.print();
  }
});
