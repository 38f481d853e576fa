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

// Enter on a score sheet (data-incomplete) with a player's box left empty asks before
// saving it incomplete; the Save buttons themselves do not ask, nor does a table with
// an outcome (a time-out, a forfeit), which may stop short of every hand.
document.addEventListener("submit", function (e) {
  var form = e.target, msg = form.getAttribute && form.getAttribute("data-incomplete");
  if (!msg || !e.submitter || !e.submitter.hasAttribute("data-enter")) return;
  var kind = form.querySelector("#outcome_kind");
  if (kind && kind.value) return;
  var empty = Array.prototype.some.call(form.querySelectorAll(".sheet-cell"), function (cell) {
    return Array.prototype.every.call(cell.querySelectorAll('input[type="text"]'), function (i) {
      return i.value.trim() === "";
    });
  });
  if (empty && !window.confirm(msg)) {
    e.preventDefault();
    e.stopPropagation();
  }
}, true);

// Links in an element with data-carry="#form" (the new tournament's format tabs) take
// what was typed in that form's fields named in data-fields along in their address, so
// changing tab loses nothing; the page fills them in.
document.addEventListener("click", function (e) {
  var a = e.target.closest("[data-carry] a[href]");
  if (!a) return;
  var box = a.closest("[data-carry]");
  var form = document.querySelector(box.getAttribute("data-carry"));
  if (!form) return;
  var url = new URL(a.href, location.href);
  (box.getAttribute("data-fields") || "").split(" ").forEach(function (n) {
    var el = form.elements[n];
    if (el && el.value !== "") url.searchParams.set(n, el.value);
  });
  e.preventDefault();
  location.href = url.toString();
});
