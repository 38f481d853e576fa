// The public pages' behaviours (no inline scripts): the seat search, the round clock,
// and the projector's paging. The projector's polling is htmx (hx-trigger="every 2s").
(function () {
  "use strict";

  // fold compares names the way tournament.SearchText folds them on the server: lower
  // case, accents and marks stripped, apostrophes dropped, spaces collapsed. Each row
  // carries its name already folded by the server (data-search).
  function fold(s) {
    return s.normalize("NFD").replace(/\p{Mn}/gu, "")
      .replace(/['\u2019\u2018\u02bc`\u00b4]/g, "")
      .toLowerCase().replace(/\s+/g, " ").trim();
  }

  function filterSeats(input) {
    var list = document.querySelector(input.getAttribute("data-seat-search"));
    if (!list) return;
    var words = fold(input.value).split(" ").filter(Boolean);
    var shown = 0;
    list.querySelectorAll("[data-search]").forEach(function (li) {
      var s = li.getAttribute("data-search");
      var ok = words.every(function (w) { return s.indexOf(w) >= 0; });
      li.hidden = !ok;
      if (ok) shown++;
    });
    var none = list.parentElement.querySelector(".seat-none");
    if (none) none.hidden = shown > 0;
  }

  // A filter form marked data-autosubmit (the national ranking) shows its choice at
  // once: no need to reach for the button on a phone (it stays, for a page without script).
  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("form[data-autosubmit]");
    if (form && e.target.matches("select")) form.submit();
  });

  document.addEventListener("input", function (e) {
    if (e.target.matches && e.target.matches("[data-seat-search]")) filterSeats(e.target);
  });

  // The clock: data-clock-ends is the end (Unix ms) of a running clock, data-clock-left
  // the ms left of a paused one. skew is the server's time minus this device's, read
  // from the Date header of the app's answers, so a phone with a wrong clock still
  // counts down right (to the second).
  var skew = 0;
  function readSkew(dateHeader) {
    var t = Date.parse(dateHeader || "");
    if (!isNaN(t)) skew = t + 500 - Date.now();
  }
  function text(ms) {
    var s = Math.max(0, Math.round(ms / 1000));
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    var mm = h > 0 ? String(m).padStart(2, "0") : String(m);
    return (h > 0 ? h + ":" : "") + mm + ":" + String(sec).padStart(2, "0");
  }
  function tick() {
    document.querySelectorAll("[data-clock]").forEach(function (el) {
      var ends = el.getAttribute("data-clock-ends");
      var left = el.getAttribute("data-clock-left");
      var ms = ends ? Number(ends) - (Date.now() + skew) : Number(left || 0);
      if (ms <= 0) {
        el.textContent = el.getAttribute("data-over") || "0:00";
        el.classList.add("over");
      } else {
        el.textContent = text(ms);
        el.classList.remove("over");
      }
    });
  }
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail && e.detail.xhr) readSkew(e.detail.xhr.getResponseHeader("Date"));
  });

  // The projector pages through a long list by itself: as many rows as fit the screen,
  // the next page every 8 seconds; the page shown survives the content's refresh.
  var page = 0;
  function paginate() {
    document.querySelectorAll("[data-pager]").forEach(function (table) {
      var rows = Array.prototype.slice.call(table.querySelectorAll("tbody tr"));
      if (!rows.length) return;
      rows.forEach(function (r) { r.hidden = false; });
      var top = table.querySelector("tbody").getBoundingClientRect().top;
      var rowH = rows[0].getBoundingClientRect().height || 1;
      var per = Math.max(1, Math.floor((window.innerHeight - top - 8) / rowH));
      var pages = Math.ceil(rows.length / per);
      var p = page % pages;
      rows.forEach(function (r, i) { r.hidden = Math.floor(i / per) !== p; });
      table.setAttribute("data-page", (p + 1) + "/" + pages);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var input = document.querySelector("[data-seat-search]");
    if (input && input.value) filterSeats(input);
    if (document.querySelector("[data-clock]")) {
      fetch(location.href, { method: "HEAD", cache: "no-cache" }).then(function (r) {
        readSkew(r.headers.get("Date"));
        tick();
      }).catch(function () {});
      tick();
      setInterval(tick, 250);
    }
    if (document.querySelector("[data-pager]")) {
      paginate();
      setInterval(function () { page++; paginate(); }, 8000);
      window.addEventListener("resize", paginate);
      window.addEventListener("load", paginate); // once fonts and images are in
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    tick();
    if (document.querySelector("[data-pager]")) paginate();
  });
})();
