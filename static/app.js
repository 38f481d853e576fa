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

// A settings field that applies under one choice only (data-when-field / -value: the
// 3-player VP bye and scale, with tables scored in VP) shows while that choice is made.
document.addEventListener("change", function (e) {
  var form = e.target.form;
  if (!form || !e.target.name) return;
  form.querySelectorAll('[data-when-field="' + e.target.name + '"]').forEach(function (el) {
    var picked = form.querySelector('[name="' + e.target.name + '"]:checked') || form.elements[e.target.name];
    el.hidden = !picked || picked.value !== el.dataset.whenValue;
  });
});
