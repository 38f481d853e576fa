// Small behaviours the pages share; loaded from the app itself (no inline scripts).
document.addEventListener("click", function (e) {
  var el = e.target.closest("[data-print]");
  if (el) {
    e.preventDefault();
    window.print();
  }
});

// A form (or a button) with data-confirm asks before it is sent: for actions that
// throw something away (undoing a draw, clearing a table).
document.addEventListener("submit", function (e) {
  var msg = (e.submitter && e.submitter.getAttribute("data-confirm")) || e.target.getAttribute("data-confirm");
  if (msg && !window.confirm(msg)) {
    e.preventDefault();
  }
});
