/* Code du bridge – "go to law n°", the search button and keys, the printed
 * address, the installable offline app (the note previews are theme.js's).
 * No dependency; works from file:// as well. */
(function () {
  "use strict";

  var siteRoot = window.CodeBridge.root;

  /* -- Go to law n° (codebridge.goto: the same folding, pattern and keys) -- */

  /* analysis.fold with its table (analysis.FOLD_CHARS, shipped with the
   * data): lower case, no accents, œ → oe; search.js folds with it too. */
  CodeBridge.folding = function (table) {
    var signs = new RegExp("[" + Object.keys(table).join("") + "]", "g");
    return function (text) {
      return text.replace(signs, function (c) { return table[c]; }).toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "");
    };
  };
  /* The key of a citation the query pattern read ("loi 64 b 7" → 64b7:
   * analysis.citation_key); search.js reads keys with it too. */
  CodeBridge.citationKey = function (groups) {
    return (groups.law.indexOf("an") === 0 ? CodeBridge.labels.annex : groups.law) + groups.rest.replace(/[^a-z0-9]/g, "");
  };

  /* The citation key typed and the key of the provision it leads to (goto._found), or null. */
  function cited(data, text) {
    return CodeBridge.folding(data.fold)(text).match(new RegExp(data.citation));
  }
  function found(data, text) {
    var m = cited(data, text);
    if (!m) return null;
    var asked = CodeBridge.citationKey(m.groups);
    var has = function (key) { return Object.prototype.hasOwnProperty.call(data.keys, key); };
    if (has(asked)) return { asked: asked, key: asked };
    if (!new RegExp(data.citedLaw).test(asked)) return null;  /* as search reads it: "100" and "644" are no law */
    var keys = above(data, asked);
    for (var i = 0; i < keys.length; i++) { /* up to the nearest provision above, never another law */
      if (has(keys[i])) return { asked: asked, key: keys[i] };
    }
    return null;
  }
  /* The keys of the provisions above the one a key cites, nearest first (goto._above):
   * whole parts dropped, 64b10 → 64b (not 64b1), 40b2avi → 40b2a; an Annex's levels one by one. */
  function above(data, key) {
    var m = key.match(new RegExp(data.typedKey)), out = [], end = 0;
    if (!m) return out;
    var g = m.groups;
    if (g.annex) {
      for (end = key.length - 1; end >= g.annex.length; end--) out.push(key.slice(0, end));
      return out;
    }
    var ends = [];
    ["law", "section", "number", "letter"].forEach(function (part) { end += (g[part] || "").length; ends.push(end); });
    ends.sort(function (a, b) { return b - a; });
    ends.forEach(function (e) { if (e < key.length && out.indexOf(key.slice(0, e)) < 0) out.push(key.slice(0, e)); });
    return out;
  }
  /* The URL a typed citation leads to (goto.resolve), or null. */
  function resolve(data, text) {
    var f = found(data, text);
    return f ? data.keys[f.key] : null;
  }
  /* The key typed when no provision bears it, what it adds still a citation's (goto.missing), or null. */
  function missing(data, text) {
    var f = found(data, text);
    return f && f.asked !== f.key && new RegExp(data.tail).test(f.asked.slice(f.key.length)) ? f.asked : null;
  }
  /* Where a typed citation takes the reader: resolve's URL, with ?absent=
   * the key typed when it led to the nearest provision above (the page says so). */
  function lead(data, text) {
    var url = resolve(data, text), asked = missing(data, text);
    if (!url || !asked) return url;
    var hash = url.indexOf("#");
    return hash < 0 ? url + "?absent=" + asked : url.slice(0, hash) + "?absent=" + asked + url.slice(hash);
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
  /* A "go to law" form says that no law bears what it holds. */
  function unknown(form) {
    var status = form.querySelector("[data-cb-goto-status]");
    if (status) status.textContent = form.getAttribute("data-unknown");
  }
  Array.prototype.forEach.call(forms, function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var input = form.querySelector("input");
      var status = form.querySelector("[data-cb-goto-status]");
      withData(function (data) {
        var url = lead(data, input.value);
        var words = input.value.trim();
        if (url) {
          location.href = window.CodeBridge.page(new URL(url, siteRoot()).href);
        } else if (!/\d/.test(words) && /[^\s\d]{3}/.test(words) && openSearch(words)) {
          /* words, no number ("renonce"): looked for in search */
          if (status) status.textContent = "";
        } else {
          unknown(form);
        }
      });
    });
  });
  window.CodeBridgeGoto = { resolve: resolve, missing: missing };

  /* -- A short link the site does not have as such (r/64b7/, r/45C4(b)/), or
   *    any short link opened offline (the service worker keeps none of them),
   *    or a law page's address with a provision in it (lois/64B7/, as an
   *    editor may guess it):
   *    the 404 page sends it where "go to law" sends its citation; a case's
   *    written in capitals (r/EX-Appel-…/) goes to its own, in small letters.
   *    The French 404 also takes the English ones (en/r/…) for hosts with one
   *    404 page, and sends those it cannot place to the English 404. -- */
  if (document.querySelector("[data-cb-not-found]")) {
    var here = location.href.split("#")[0].split("?")[0], root = siteRoot().href;
    var folders = [CodeBridge.labels.short, CodeBridge.labels.laws].filter(Boolean).map(function (f) { return f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); });
    var short = here.indexOf(root) === 0 && here.slice(root.length).match(new RegExp("^(en/)?(?:" + folders.join("|") + ")([^/]+?)/?(?:index\\.html|\\.html)?$"));
    if (short) {
      var english = short[1] && document.documentElement.lang === "fr";
      var lost = function () {  /* the English 404, which puts back the address asked for */
        if (english) location.replace(new URL("en/404.html?" + CodeBridge.labels.asked + "=" + encodeURIComponent(location.pathname + location.search + location.hash), siteRoot()).href);
      };
      withData(function (data) {
        var citation;
        try { citation = decodeURIComponent(short[2]); } catch (e) { return lost(); }
        if (/^ex-/i.test(citation) && citation !== citation.toLowerCase()) {
          return location.replace(new URL((short[1] || "") + CodeBridge.labels.short + encodeURIComponent(citation.toLowerCase()) + "/", siteRoot()).href + location.search);
        }
        var url = lead(data, citation);
        if (url) {  /* with the query the link carried (a newsletter's utm_source…), after lead's own (?absent=) */
          var to = new URL((short[1] || "") + url, siteRoot());
          new URLSearchParams(location.search).forEach(function (value, key) { to.searchParams.append(key, value); });
          location.replace(to.href);
        }
        else if (english) lost();
        else if (cited(data, citation)) {
          /* a citation no law bears (r/99/): the page's "go to law" says so, the citation in its box */
          var form = document.querySelector("form[data-cb-goto]");
          if (form) { form.querySelector("input").value = citation; unknown(form); }
        }
      });
    }
  }

  /* -- Offline, an English page this device had not kept: the French site's
   *    worker opened this French page instead (?hors-ligne); it says why, and
   *    the address drops the query. -- */
  var offlineOther = CodeBridge.labels.offline_other, query = new URLSearchParams(location.search);
  if (offlineOther && query.has(offlineOther) && document.querySelector("article")) {
    query.delete(offlineOther);
    var left = query.toString();
    history.replaceState(history.state, "", location.pathname + (left ? "?" + left : "") + location.hash);
    var said = document.createElement("div");
    said.className = "admonition info cb-offline-other";
    said.setAttribute("role", "status");
    var asked = CodeBridge.text("offline_other_asked");  // in the language of the page asked for, first
    if (asked) {
      var first = said.appendChild(document.createElement("p"));
      first.lang = CodeBridge.labels.other_lang;
      first.textContent = asked;
    }
    said.appendChild(document.createElement("p")).textContent = CodeBridge.text("offline_other");
    var h1 = document.querySelector("article h1");
    if (h1) h1.after(said); else document.querySelector("article").prepend(said);
  }

  /* -- A citation no provision bears (64B9, typed or a short link) led here,
   *    to the nearest provision above (64B): a notice says so, just above it,
   *    and the address drops the ?absent= that carried it. -- */
  var params = new URLSearchParams(location.search), asked = params.get("absent");
  var article = document.querySelector("article");
  if (asked !== null) {
    params.delete("absent");
    var kept = params.toString();
    history.replaceState(history.state, "", location.pathname + (kept ? "?" + kept : "") + location.hash);
    if (article) withData(function (data) {
      /* said only when it is so: no provision bears the key, and "go to law" leads here with it */
      var url = missing(data, asked) === asked && resolve(data, asked);
      /* the page as this copy opens it: from file://, lois/64/index.html */
      if (!url || window.CodeBridge.page(new URL(url, siteRoot()).href) !== location.href) return;
      /* the key written as its citation (patterns.TYPED_KEY): 40b2a3 → Loi 40B2(a)3, annexe23 → Annexe 2.3 */
      var g = asked.match(new RegExp(data.typedKey)).groups, cited = g.annex
        ? CodeBridge.text("annex") + (g.annex_parts ? " " + g.annex_parts.split("").join(".") : "")
        : CodeBridge.text("law") + " " + g.law + g.section.toUpperCase() + g.number + (g.letter ? "(" + g.letter + ")" : "") +
          (g.roman ? "(" + g.roman + ")" : g.rest);
      var id = location.hash.slice(1), target = null;
      try { target = id && document.getElementById(decodeURIComponent(id)); } catch (e) { /* a malformed hash */ }
      var notice = document.createElement("div");
      notice.className = "admonition warning cb-nearest";
      notice.setAttribute("role", "status");
      var line = notice.appendChild(document.createElement("p"));
      /* a law the sources lack: its page, which says so, not a provision near 21B1 */
      var law = found(data, asked).key, lacked = (data.absent || []).indexOf(law) >= 0;
      line.textContent = CodeBridge.text(lacked ? "absent_law" : "absent").replace("{cited}", cited).replace("{law}", CodeBridge.text("law") + " " + law);
      if (target && article.contains(target)) target.parentNode.insertBefore(notice, target);
      else (article.querySelector("h1") || article.firstChild).after(notice);
      /* after the browser's own scroll to the anchor, which would hide the notice under the header */
      var show = function () { setTimeout(function () { notice.scrollIntoView(); }, 0); };
      if (document.readyState === "complete") show(); else window.addEventListener("load", show);
    });
  }

  /* -- An address whose #anchor names nothing on the page but writes a
   *    citation as people do (#45C4(b), #64b7, #64B9, a link typed by hand
   *    in a newsletter): the page "go to law" leads that citation to, at its
   *    provision, or at the nearest one above with the notice. -- */
  function anchorCited() {
    var id;
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
    if (!id || document.getElementById(id)) return;
    withData(function (data) {
      var url = lead(data, id);
      if (!url) return;
      var target = new URL(window.CodeBridge.page(new URL(url, siteRoot()).href));
      /* on a law's parallel view, its own provisions stay there (its rows bear the same ids) */
      if (location.pathname.indexOf("/bilingue/") >= 0 && target.pathname === location.pathname.replace("/bilingue/", "/lois/")) {
        target = new URL(location.pathname + target.hash, location.href);
      }
      if (target.href !== location.href) location.replace(target.href);
    });
  }
  if (article) {
    anchorCited();
    window.addEventListener("hashchange", anchorCited);
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
  /* Search opened, with ``words`` in its box when given ("go to law" given
   * words); false on a page without it. */
  function openSearch(words) {
    if (!dialog || !dialog.showModal) return false;
    if (!dialog.open) dialog.showModal();
    var box = dialog.querySelector("input[type=search]");
    if (words !== undefined) box.value = words;
    box.focus();
    loadSearch(function () { window.codebridgeSearch.open(words); });
    return true;
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
