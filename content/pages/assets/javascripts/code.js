/* Code du bridge – page behaviour: copy controls on provisions, the language
 * switch. Previews are theme.js's. No dependency; works from file:// as well. */
(function () {
  "use strict";


  var siteRoot = window.CodeBridge.root;

  /* The short link of a provision: r/<anchor>/ at the site's public address
   * when it has one (also from the offline copy), else where the page is
   * (index.html when offline). */
  function shortLink(anchor) {
    var pub = document.querySelector('meta[name="codebridge:public"]');
    if (pub && pub.content) return new URL("r/" + anchor + "/", pub.content).href;
    var url = new URL("r/" + anchor + "/", siteRoot());
    if (location.protocol === "file:") url = new URL("index.html", url);
    return url.href;
  }

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
    return Promise.resolve();
  }

  function flash(button, text) {
    var note = document.createElement("span");
    note.className = "cb-copied";
    note.setAttribute("role", "status");
    note.textContent = window.CodeBridge.text("copied") + text;
    /* a toast fixed inside the screen: beside the button it would overflow a phone */
    document.querySelectorAll(".cb-copied").forEach(function (n) { n.remove(); });
    document.body.appendChild(note);
    setTimeout(function () { note.remove(); }, 2500);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.cb-copy");
    if (!button) return;
    var tools = button.closest(".cb-tools");
    var link = shortLink(tools.getAttribute("data-anchor"));
    var text = button.getAttribute("data-copy") === "cite"
      ? tools.getAttribute("data-cite") + " — " + link
      : link;
    copy(text).then(function () { flash(button, text); });
  });
})();

/* The language switch keeps the page and the provision: the header's language
 * menu is pointed at the same page in the other language, and every switch
 * carries the current #anchor, or else the provision being read (the last
 * one whose top is in the top quarter of the screen, under the header). */
(function () {
  "use strict";
  var root = window.CodeBridge.root();
  var here = location.href.split("#")[0].split("?")[0];
  if (here.indexOf(root.href) !== 0) return;
  var path = here.slice(root.href.length);
  var english = document.documentElement.lang === "en";
  var other = english ? new URL("../" + path, root) : new URL("en/" + path, root);

  document.querySelectorAll(".md-select__link[hreflang]").forEach(function (a) {
    var lang = a.getAttribute("hreflang");
    if ((lang === "en") !== english) {
      a.href = other.href;
      a.setAttribute("data-lang-switch", "");
    } else {
      a.href = here;  /* this language: this page (offline, its root was a folder: a file listing) */
    }
  });
  /* an id that differs between the languages ("voir-aussi" / "see-also") */
  var renamed = {};
  var named = document.querySelector("a[data-other-ids]");
  if (named) {
    var ids = named.getAttribute("data-other-ids").split(" ");
    renamed[ids[0]] = ids[1];
  }
  function anchor() {
    var id = "";
    if (location.hash) {
      try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return location.hash; }
    } else if (window.scrollY > 0) {
      var header = document.querySelector(".md-header");
      var line = (header ? header.getBoundingClientRect().bottom : 0) + Math.min(100, window.innerHeight / 4);
      document.querySelectorAll("article div[id], article h2[id], article h3[id], article h4[id], article li[id]").forEach(function (el) {
        if (el.getBoundingClientRect().top <= line) id = el.id;
      });
    }
    if (!id) return "";
    return "#" + encodeURIComponent(renamed[id] || id).replace(/%28/g, "(").replace(/%29/g, ")");
  }
  /* every switch carries the anchor, and the page's query (a calculator's
   * or the revoke helper's answers; not a search typed, ?q=, which is the
   * reader's and stays in this language): kept up to date as the #anchor
   * changes, and read again as it is followed (the reader may have
   * scrolled, or answered) */
  function carryHash() {
    var hash = anchor(), params = new URLSearchParams(location.search);
    params.delete("q");
    params.delete("absent");  /* publish.js's notice, said on this side only */
    var query = params.toString();
    document.querySelectorAll("a[data-lang-switch]").forEach(function (a) {
      a.href = a.href.split("#")[0].split("?")[0] + (query ? "?" + query : "") + hash;
    });
  }
  carryHash();
  window.addEventListener("hashchange", carryHash);
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("a[data-lang-switch]")) carryHash();
  }, true);
  document.addEventListener("pointerdown", function (e) {
    if (e.target.closest && e.target.closest(".md-select")) carryHash();
  }, true);
})();
