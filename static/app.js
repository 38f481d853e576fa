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

// A table's page (/t/{code}, issue 34): a sheet typed on a phone stays on it
// (localStorage, by the table's code) through a reload or a dropped connection, with the
// idempotency key the page drew for it; a sheet sent while the phone is offline, or
// whose answer never came, goes by itself once the connection is back, and the key makes
// the server store it once however many times it arrives. The PIN is kept only while a
// sheet waits to go. After a send, the focus moves to the message that answers it.
document.addEventListener("DOMContentLoaded", function () {
  var tp = document.getElementById("tp");
  if (!tp) return;
  var answered = /\/(report|confirm)$/.test(location.pathname); // a sheet sent and refused
  var told = document.querySelector(".flash") || (answered && document.querySelector(".alert"));
  if (told) {
    told.setAttribute("tabindex", "-1");
    told.focus();
  }
  var store;
  try {
    store = window.localStorage;
    if (!store) return;
  } catch (e) {
    return;
  }
  var name = "burraco-sheet:" + tp.getAttribute("data-code");
  var note = document.getElementById("tp-kept");
  var load = function () {
    try {
      return JSON.parse(store.getItem(name) || "null");
    } catch (e) {
      return null;
    }
  };
  var save = function (d) {
    try {
      store.setItem(name, JSON.stringify(d));
    } catch (e) { /* full or refused: the sheet stays on the page only */ }
  };
  var say = function (what, focus) {
    if (!note) return;
    note.textContent = note.getAttribute(what);
    note.hidden = false;
    if (focus) {
      note.setAttribute("tabindex", "-1");
      note.focus();
    }
  };
  var url = new URL(location.href);
  var d = load();
  if (url.searchParams.has("sent")) {
    // The server took the sheet sent under this key: the phone forgets it.
    if (d && d.idem === url.searchParams.get("sent")) {
      store.removeItem(name);
      d = null;
    }
    url.searchParams.delete("sent");
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }
  if (d && d.pending && answered) {
    d.pending = false; // refused (a wrong PIN, a report came first): never sent again by itself
    delete d.pin;
    save(d);
  }
  // A sheet waiting to go is posted as it was kept, to where it was going (the page may
  // have moved on meanwhile: reported by this very sheet, its answer lost), under its key.
  var send = function (d) {
    say("data-sending");
    var f = document.createElement("form");
    f.method = "post";
    f.action = d.action;
    f.hidden = true;
    var add = function (n, v) {
      var i = document.createElement("input");
      i.type = "hidden";
      i.name = n;
      i.value = v;
      f.appendChild(i);
    };
    Object.keys(d.values || {}).forEach(function (k) { add(k, d.values[k]); });
    add("form", d.form || "");
    add("_idem", d.idem || "");
    add("pin", d.pin || "");
    if (d.other) add("other", "1");
    var csrf = document.querySelector('input[name="_csrf"]');
    if (csrf) add("_csrf", csrf.value);
    document.body.appendChild(f);
    f.submit();
  };
  if (d && d.pending && !answered && navigator.onLine !== false) {
    send(d); // sent before without an answer: once more, under the same key
    return;
  }
  window.addEventListener("online", function () {
    var d = load();
    if (d && d.pending) send(d);
  });
  var sheet = document.getElementById("sheet");
  if (!sheet) return;
  var action = sheet.getAttribute("action");
  var idem = sheet.querySelector('[name="_idem"]');
  var form = sheet.querySelector('input[name="form"]');
  var boxes = function () {
    return sheet.querySelectorAll('input[type="text"], select');
  };
  var capture = function (pending) {
    var d = load();
    if (!d || d.action !== action) d = {action: action, values: {}};
    d.idem = d.idem || (idem && idem.value);
    d.form = form ? form.value : "";
    boxes().forEach(function (el) {
      if (el.name && el.name !== "pin") d.values[el.name] = el.value;
    });
    d.other = !!sheet.querySelector('input[name="other"]');
    d.pending = pending;
    if (pending) d.pin = sheet.querySelector('[name="pin"]').value;
    else delete d.pin;
    save(d);
    return d;
  };
  var restore = function (d) {
    if (idem && d.idem) idem.value = d.idem;
    var changed = null;
    Object.keys(d.values || {}).forEach(function (k) {
      var el = sheet.elements[k];
      if (el && el.value === "" && d.values[k] !== "") {
        el.value = d.values[k];
        changed = el;
      }
    });
    var pin = sheet.querySelector('[name="pin"]');
    if (d.pin && pin && pin.value === "") pin.value = d.pin;
    // The live totals follow what came back.
    if (changed) changed.dispatchEvent(new Event("change", {bubbles: true}));
    return changed !== null;
  };
  if (d && d.action === action) {
    if (!answered && d.form && form && d.form !== form.value && !url.searchParams.has("form")) {
      // Kept in another of the sheet's forms (hand totals): open the page in it.
      url.searchParams.set("form", d.form);
      location.replace(url.pathname + url.search);
      return;
    }
    if (restore(d)) say(d.pending ? "data-offline" : "data-restored");
  }
  sheet.addEventListener("input", function () { capture(false); });
  sheet.addEventListener("change", function () { capture(false); });
  sheet.addEventListener("submit", function (e) {
    if (e.submitter && e.submitter.name === "switch") {
      capture(false);
      return;
    }
    capture(true);
    if (navigator.onLine === false) {
      e.preventDefault();
      say("data-offline", true);
    }
  });
});
