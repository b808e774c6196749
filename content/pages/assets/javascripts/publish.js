/* Code du bridge – "go to law n°", the search button and keys, the printed
 * address, the installable offline app (the note previews are theme.js's).
 * No dependency; works from file:// as well. */
(function () {
  "use strict";

  var siteRoot = window.CodeBridge.root;

  /* -- Go to law n° (codebridge.goto: the same folding, pattern and keys) -- */
  var FOLD = { "œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss", "’": "'", "‘": "'" };
  function fold(text) {
    return text.replace(/[œŒæÆß’‘]/g, function (c) { return FOLD[c]; })
      .toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  }

  /* The URL a typed citation leads to (goto.resolve), or null. */
  function resolve(data, text) {
    var m = fold(text).match(new RegExp(data.citation));
    if (!m) return null;
    var key = (m[1].indexOf("an") === 0 ? "annexe" : m[1]) + m[2].replace(/[^a-z0-9]/g, "");
    var law = key.match(/^(?:\d{1,2}|annexe)/)[0].length;
    for (; key.length >= law; key = key.slice(0, -1)) { /* up to the nearest provision above, never another law */
      if (Object.prototype.hasOwnProperty.call(data.keys, key)) return data.keys[key];
    }
    return null;
  }

  function withData(callback) {
    if (window.codebridgeGoto) return callback(window.codebridgeGoto);
    var script = document.createElement("script");
    script.src = new URL("assets/javascripts/goto-data.js", siteRoot()).href;
    script.onload = function () { callback(window.codebridgeGoto); };
    document.head.appendChild(script);
  }

  var forms = document.querySelectorAll("form[data-cb-goto]");
  if (forms.length) withData(function () { /* load early: the first tap goes at once */ });
  Array.prototype.forEach.call(forms, function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var input = form.querySelector("input");
      var status = form.querySelector("[data-cb-goto-status]");
      withData(function (data) {
        var url = resolve(data, input.value);
        if (url) {
          location.href = new URL(url, siteRoot()).href;
        } else if (status) {
          status.textContent = form.getAttribute("data-unknown");
        }
      });
    });
  });
  window.CodeBridgeGoto = { resolve: resolve };

  /* -- A short link the site does not have as such (r/64b7/, r/45C4(b)/), or
   *    any short link opened offline (the service worker keeps none of them):
   *    the 404 page sends it where "go to law" sends its citation; a case's
   *    written in capitals (r/EX-Appel-…/) goes to its own, in small letters.
   *    The French 404 also takes the English ones (en/r/…) for hosts with one
   *    404 page, and sends those it cannot place to the English 404. -- */
  if (document.querySelector("[data-cb-not-found]")) {
    var here = location.href.split("#")[0].split("?")[0], root = siteRoot().href;
    var short = here.indexOf(root) === 0 && here.slice(root.length).match(/^(en\/)?r\/([^\/]+)\/?(?:index\.html)?$/);
    if (short) {
      var english = short[1] && document.documentElement.lang === "fr";
      var lost = function () { if (english) location.replace(new URL("en/404.html", siteRoot()).href); };
      withData(function (data) {
        var citation;
        try { citation = decodeURIComponent(short[2]); } catch (e) { return lost(); }
        if (/^ex-/i.test(citation) && citation !== citation.toLowerCase()) {
          return location.replace(new URL((short[1] || "") + "r/" + encodeURIComponent(citation.toLowerCase()) + "/", siteRoot()).href + location.search);
        }
        var url = resolve(data, citation);
        if (url) location.replace(new URL((short[1] || "") + url, siteRoot()).href);
        else lost();
      });
    }
  }

  /* -- Print: the page's address (its public one when the site has one). -- */
  var publicMeta = document.querySelector('meta[name="codebridge:public"]');
  Array.prototype.forEach.call(document.querySelectorAll("[data-cb-print-url]:empty"), function (el) {
    var here = location.href.split("#")[0].split("?")[0];
    var root = siteRoot().href;
    if (publicMeta && publicMeta.content && here.indexOf(root) === 0) {
      /* the offline copy: the same page at the public address (lois/64.html → lois/64/) */
      var path = here.slice(root.length).replace(/(^|\/)index\.html$/, "$1").replace(/\.html$/, "/");
      here = publicMeta.content + path;
    }
    el.textContent = here;
  });

  /* -- Search: its code (search.js) and its index load when it opens (the
   *    search button, "/", "s" or "f", a shared ?q=), not with every page.
   *    The dialog is in the page already: it opens at once and keeps what is
   *    typed while the code loads; search.js then takes over (its own
   *    handlers) and searches what the box holds. -- */
  var dialog = document.querySelector("[data-cb-search]");
  var opener = document.querySelector("[data-cb-search-open]");
  var searchState = 0;  /* 0: not loaded, 1: loading, 2: loaded */
  function loadSearch(then) {
    if (searchState === 2) return then && then();
    if (then) loadSearch.waiting.push(then);
    if (searchState === 1) return;
    searchState = 1;
    var script = document.createElement("script");
    script.src = dialog.getAttribute("data-script");
    script.onload = function () {
      searchState = 2;
      loadSearch.waiting.splice(0).forEach(function (f) { f(); });
    };
    script.onerror = function () { searchState = 0; };
    document.head.appendChild(script);
  }
  loadSearch.waiting = [];
  function openSearch() {
    if (!dialog.open) dialog.showModal();
    dialog.querySelector("input[type=search]").focus();
    loadSearch(function () { window.codebridgeSearch.open(); });
  }
  if (dialog && dialog.showModal) {
    if (opener) {
      var header = document.querySelector(".md-header__inner");
      if (header) header.appendChild(opener);  /* beside the title, where Material's search was */
      opener.hidden = false;
      opener.addEventListener("click", function () { if (!window.codebridgeSearch) openSearch(); });
    }
    /* as in Material, unless one is typing; once loaded, search.js handles these keys itself */
    window.addEventListener("keydown", function (e) {
      if (window.codebridgeSearch || dialog.open || e.ctrlKey || e.metaKey || e.altKey) return;
      if (window.CodeBridge.typing(e.target)) return;
      if (e.key === "/" || e.key === "s" || e.key === "f") {
        e.preventDefault();
        e.stopImmediatePropagation();
        openSearch();
      }
    }, true);
    if (new URLSearchParams(location.search).get("q")) loadSearch();  /* search.js opens it with the query */
  }

  /* -- Installable and offline: keep the site after the first visit. -- */
  if ("serviceWorker" in navigator && /^https?:$/.test(location.protocol)) {
    navigator.serviceWorker.register(new URL("sw.js", siteRoot()).href).catch(function () {
      /* a host without sw.js (mkdocs serve): the site works as before */
    });
  }
})();
