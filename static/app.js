// Small behaviours the pages share; loaded from the app itself (no inline scripts).
document.addEventListener("click", function (e) {
  var el = e.target.closest("[data-print]");
  if (el) {
    e.preventDefault();
    window.print();
  }
});

// A form (or a button) with data-confirm asks before it is sent: for actions that
// throw something away (undoing a draw, clearing a table, withdrawing a player). It
// listens first (capture), so a refusal also stops htmx's own handler on the form.
document.addEventListener("submit", function (e) {
  var msg = (e.submitter && e.submitter.getAttribute("data-confirm")) || e.target.getAttribute("data-confirm");
  if (msg && !window.confirm(msg)) {
    e.preventDefault();
    e.stopPropagation();
  }
}, true);

// A page may name what the keyboard starts on: data-focus="selector" focuses the first
// match inside that element (a round's first table still to enter), unless an input
// already has autofocus.
document.addEventListener("DOMContentLoaded", function () {
  var box = document.querySelector("[data-focus]");
  if (!box || document.querySelector("[autofocus]")) {
    return;
  }
  var el = box.querySelector(box.getAttribute("data-focus"));
  if (el) {
    el.focus();
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

// In the entry search (and a pair's place), Enter adds (or chooses) the only player
// found: Enter also sends the search at once (the "search" event), and once its answer
// is in, a single result with its button is taken.
var takeOnly = null;
function searchEnter(e) {
  var id = e.target && e.target.id;
  return e.key === "Enter" && e.target.tagName === "INPUT" && (id === "entry-q" || /^pair-q-\d$/.test(id));
}
document.addEventListener("keydown", function (e) {
  if (!searchEnter(e)) return;
  e.preventDefault(); // not the pair form's submission
  takeOnly = e.target.id === "entry-q" ? "#entry-results" : "#pair-results-" + e.target.id.slice(-1);
  if (window.htmx) htmx.trigger(e.target, "search");
});
document.addEventListener("keypress", function (e) {
  if (searchEnter(e)) e.preventDefault();
});
document.addEventListener("htmx:afterSettle", function (e) {
  if (!takeOnly || !e.target || !e.target.matches || !e.target.matches(takeOnly)) return;
  takeOnly = null;
  var items = e.target.querySelectorAll(".search-results li");
  var button = items.length === 1 && items[0].querySelector("button");
  if (!button) return;
  if (button.type === "submit" && button.form) button.form.requestSubmit(button);
  else button.click();
});

// Once a pair's place is chosen, the focus goes to the next place still empty, or to
// "Add pair" when both are chosen.
document.addEventListener("htmx:afterSettle", function (e) {
  var slot = e.target && e.target.id && /^pair-slot-\d$/.test(e.target.id) ? e.target : null;
  if (!slot || !slot.querySelector(".pair-chosen")) return;
  var next = document.querySelector('#pair-form input[type="search"]') || document.getElementById("pair-add");
  if (next) next.focus();
});
