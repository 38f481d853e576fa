// Small behaviours the pages share; loaded from the app itself (no inline scripts).
document.addEventListener("click", function (e) {
  var el = e.target.closest("[data-print]");
  if (el) {
    e.preventDefault();
    window.print();
  }
});

// An htmx request from an element with data-refocus (an "Add" in the entry search) gives
// the focus back to that field once the answer is in, its text selected: type the next
// name. (The element itself may be gone by then: the answer replaces it.)
var refocus = null;
document.addEventListener("htmx:beforeRequest", function (e) {
  var sel = e.target && e.target.getAttribute && e.target.getAttribute("data-refocus");
  if (sel) refocus = sel;
});
document.addEventListener("htmx:afterSettle", function () {
  var el = refocus && document.querySelector(refocus);
  refocus = null;
  if (el) {
    el.focus();
    if (el.select) el.select();
  }
});
